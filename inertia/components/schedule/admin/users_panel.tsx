import { useState } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { AddPersonForm, type PersonRole } from '~/components/shared/add_person_form'
import { relativeTimeProps } from '~/components/shared/dates'
import { describedBy, sameText, useFieldSave } from '~/components/shared/save_feedback'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { Select } from '~/components/shared/ui/select'
import { useToast } from '~/components/shared/ui/toast'
import { SaveStatusBeside } from '~/components/schedule/save_status'

const ROLES = [
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admin' },
]

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
      toast.success(`${user.email} can now sign in.`)
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
    toast.success(`Saved ${user.email}.`)
  }

  async function remove(user: AppUser) {
    try {
      await api('DELETE', `/api/admin/users/${user.id}`)
      setUsers((current) => current.filter((other) => other.id !== user.id))
      toast.success(`${user.email} can no longer sign in.`)
    } catch (error) {
      toast.error(`Could not remove ${user.email}: ${errorMessage(error)}`)
    }
  }

  return (
    <section className="ui-panel" aria-labelledby="users-heading">
      <h2 id="users-heading">People</h2>
      <p className="ui-muted">
        Only these people can sign in, with the email they use at the sign-in service. Admins also
        manage people and settings and empty the trash.
      </p>
      <DataTable
        caption="People who can sign in"
        rows={users}
        rowKey={(user) => user.id}
        columns={[
          {
            key: 'email',
            header: 'Email',
            primary: true,
            cell: (user) => (
              <>
                {user.email}
                {user.id === props.selfId && (
                  <>
                    {' '}
                    <Badge>you</Badge>
                  </>
                )}
              </>
            ),
          },
          {
            key: 'name',
            header: 'Name',
            cell: (user) => <NameField user={user} onUpdate={(changes) => update(user, changes)} />,
          },
          {
            key: 'role',
            header: 'Role',
            cell: (user) => <RoleField user={user} onUpdate={(changes) => update(user, changes)} />,
          },
          {
            key: 'lastLogin',
            header: 'Last signed in',
            nowrap: true,
            cell: (user) =>
              user.lastLoginAt ? (
                <time {...relativeTimeProps(user.lastLoginAt)} />
              ) : (
                <span className="ui-muted">{user.ssoUserId === 0 ? 'Not yet' : 'Never'}</span>
              ),
          },
        ]}
        actions={(user) =>
          user.id !== props.selfId && (
            <ConfirmDialog
              trigger={
                <Button size="small" variant="secondary">
                  Remove
                </Button>
              }
              title={`Remove ${user.email}?`}
              description={`${user.email} can no longer sign in. What they scheduled stays, with their name in the activity log.`}
              confirmLabel="Remove"
              onConfirm={() => remove(user)}
            />
          )
        }
      />
      <h3>Add a person</h3>
      <AddPersonForm onAdd={add} />
    </section>
  )
}

type Changes = { role?: PersonRole; displayName?: string }

/** The person's name, saved when the field is left (or on Enter), with its feedback beside it. */
function NameField(props: { user: AppUser; onUpdate: (changes: Changes) => Promise<void> }) {
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
  const errorId = `user-${user.id}-name-error`
  return (
    <>
      <input
        className="ui-input"
        aria-label={`Name of ${user.email}`}
        maxLength={200}
        value={name.value}
        onChange={(event) => name.change(event.target.value)}
        onBlur={() => name.commit()}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        {...describedBy(name.status, errorId)}
      />
      {name.status.state === 'failed' && (
        <SaveStatusBeside status={name.status} errorId={errorId} onRetry={name.retry} />
      )}
    </>
  )
}

/** The person's role, saved as soon as it is picked. */
function RoleField(props: { user: AppUser; onUpdate: (changes: Changes) => Promise<void> }) {
  const { user } = props
  const role = useFieldSave(user.role, (value) => props.onUpdate({ role: value }))
  return (
    <>
      <Select
        aria-label={`Role of ${user.email}`}
        value={role.value}
        options={ROLES}
        onValueChange={(value) => {
          const picked = value as PersonRole
          role.change(picked)
          role.commit(picked)
        }}
      />
      {role.status.state === 'failed' && (
        <SaveStatusBeside
          status={role.status}
          errorId={`user-${user.id}-role-error`}
          onRetry={role.retry}
        />
      )}
    </>
  )
}
