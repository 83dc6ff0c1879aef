import { useState } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { AddPersonForm, type PersonRole } from '~/components/shared/add_person_form'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { formatTimestamp } from '~/components/shared/dates'
import { FieldError, describedBy, sameText, useFieldSave } from '~/components/shared/save_feedback'
import { useToast } from '~/components/shared/toasts'

type AppUser = Data.Schedule.AppUser

/**
 * Who may sign in to schedule. An admin adds people by email (they sign in
 * through the sign-in service with it), renames them, changes roles and
 * removes anyone but themselves.
 */
export function UsersPanel(props: { selfId: string; people: AppUser[] }) {
  const toast = useToast()
  // The page's first data; from then on the panel keeps the list as it saves.
  const [users, setUsers] = useState<AppUser[]>(props.people)

  async function add(email: string, role: PersonRole) {
    try {
      const user = await api<AppUser>('POST', '/api/admin/users', { email, role })
      setUsers((current) => [...current, user])
      toast.info(`${user.email} can now sign in.`)
      return true
    } catch (error) {
      toast.error(`Could not add ${email}: ${errorMessage(error)}`)
      return false
    }
  }

  /** Throws when refused: the field shows why. */
  async function update(user: AppUser, changes: { role?: PersonRole; displayName?: string }) {
    const saved = await api<AppUser>('PATCH', `/api/admin/users/${user.id}`, changes)
    // Only what was sent: an answer that overtook another field's must not undo it.
    setUsers((current) =>
      current.map((other) =>
        other.id === user.id
          ? {
              ...other,
              ...(changes.role ? { role: saved.role } : {}),
              ...(changes.displayName ? { displayName: saved.displayName } : {}),
            }
          : other
      )
    )
    toast.info(`Saved ${user.email}.`)
  }

  async function remove(user: AppUser) {
    try {
      await api('DELETE', `/api/admin/users/${user.id}`)
      setUsers((current) => current.filter((other) => other.id !== user.id))
      toast.info(`${user.email} can no longer sign in.`)
    } catch (error) {
      toast.error(`Could not remove ${user.email}: ${errorMessage(error)}`)
    }
  }

  return (
    <section className="card" aria-labelledby="users-heading">
      <h2 id="users-heading">People</h2>
      <p className="muted small">
        Only these people can sign in, with the email they use at the sign-in service. Admins also
        manage people and settings and empty the trash.
      </p>
      <div className="sc-scroll">
        <table className="sc-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>Last signed in</th>
              <th>
                <span className="sc-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === props.selfId}
                onUpdate={(changes) => update(user, changes)}
                onRemove={() => void remove(user)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <h3>Add a person</h3>
      <AddPersonForm onAdd={add} />
    </section>
  )
}

function UserRow(props: {
  user: AppUser
  isSelf: boolean
  onUpdate: (changes: { role?: PersonRole; displayName?: string }) => Promise<void>
  onRemove: () => void
}) {
  const { user } = props
  const name = useFieldSave(
    user.displayName,
    (value) => {
      if (!value.trim()) {
        throw new Error('A name is needed.')
      }
      return props.onUpdate({ displayName: value.trim() })
    },
    sameText
  )
  const role = useFieldSave(user.role, (value) => props.onUpdate({ role: value }))
  const errorId = (field: string) => `user-${user.id}-${field}-error`

  return (
    <tr>
      <td>
        <input
          aria-label={`Name of ${user.email}`}
          maxLength={200}
          value={name.value}
          onChange={(event) => name.change(event.target.value)}
          onBlur={() => name.commit()}
          onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
          {...describedBy(name.status, errorId('name'))}
        />
        <FieldError status={name.status} errorId={errorId('name')} onRetry={name.retry} />
      </td>
      <td>
        {user.email}
        {props.isSelf && <span className="muted small"> (you)</span>}
      </td>
      <td>
        <select
          aria-label={`Role of ${user.email}`}
          value={role.value}
          onChange={(event) => {
            const picked = event.target.value as PersonRole
            role.change(picked)
            role.commit(picked)
          }}
          {...describedBy(role.status, errorId('role'))}
        >
          <option value="staff">staff</option>
          <option value="admin">admin</option>
        </select>
        <FieldError status={role.status} errorId={errorId('role')} onRetry={role.retry} />
      </td>
      <td className="small">
        {user.lastLoginAt ? (
          formatTimestamp(user.lastLoginAt)
        ) : (
          <span className="muted">{user.ssoUserId === 0 ? 'Not yet' : 'Never'}</span>
        )}
      </td>
      <td>
        <div className="sc-row-actions">
          {!props.isSelf && (
            <ConfirmButton
              compact
              danger
              label="Remove"
              title={`Remove ${user.email}?`}
              confirmLabel="Remove"
              onConfirm={props.onRemove}
            >
              <p>
                {user.email} can no longer sign in. What they scheduled stays, with their name in
                the activity log.
              </p>
            </ConfirmButton>
          )}
        </div>
      </td>
    </tr>
  )
}
