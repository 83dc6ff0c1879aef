import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage, fieldErrors } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'

type TransferUserRow = Data.Transfer.User

/**
 * One person in the users table. Admins edit name, email and role in place
 * and remove people after a confirmation; nobody edits their own role or
 * removes themselves (the API refuses it too).
 */
export function AdminUserRow(props: {
  person: TransferUserRow
  isSelf: boolean
  canManage: boolean
  onChanged: (person: TransferUserRow, notice: string) => void
  onRemoved: (person: TransferUserRow) => void
  onError: (message: string) => void
}) {
  const { person } = props
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(person)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  function startEditing() {
    setDraft(person)
    setErrors({})
    setEditing(true)
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const changes = {
        email: draft.email,
        displayName: draft.displayName,
        ...(props.isSelf ? {} : { role: draft.role }),
      }
      const updated = await api<TransferUserRow>('PATCH', `/api/users/${person.id}`, changes)
      setEditing(false)
      props.onChanged(updated, `Saved ${updated.email}.`)
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    try {
      await api('DELETE', `/api/users/${person.id}`)
      props.onRemoved(person)
    } catch (error) {
      props.onError(errorMessage(error, 'Could not remove this person'))
    }
  }

  if (editing) {
    const label = person.email
    return (
      <tr>
        <td colSpan={4}>
          <form onSubmit={save} aria-label={`Edit ${label}`} className="tx-edit">
            <div className="row">
              <div>
                <label htmlFor={`name-${person.id}`}>Name</label>
                <input
                  id={`name-${person.id}`}
                  required
                  maxLength={120}
                  value={draft.displayName}
                  onChange={(event) => setDraft({ ...draft, displayName: event.target.value })}
                />
                {errors.displayName && <p className="error small">{errors.displayName}</p>}
              </div>
              <div>
                <label htmlFor={`email-${person.id}`}>Sign-in email</label>
                <input
                  id={`email-${person.id}`}
                  type="email"
                  required
                  value={draft.email}
                  onChange={(event) => setDraft({ ...draft, email: event.target.value })}
                />
                {errors.email && <p className="error small">{errors.email}</p>}
              </div>
              <div>
                <label htmlFor={`role-${person.id}`}>Role</label>
                <select
                  id={`role-${person.id}`}
                  value={draft.role}
                  disabled={props.isSelf}
                  title={props.isSelf ? 'You cannot change your own role' : undefined}
                  onChange={(event) =>
                    setDraft({ ...draft, role: event.target.value as 'staff' | 'admin' })
                  }
                >
                  <option value="staff">staff</option>
                  <option value="admin">admin</option>
                </select>
              </div>
            </div>
            {errors.form && (
              <p className="error" role="alert">
                {errors.form}
              </p>
            )}
            <div className="tx-actions">
              <button type="submit" disabled={busy}>
                Save
              </button>
              <button type="button" className="secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </form>
        </td>
      </tr>
    )
  }

  return (
    <tr>
      <td>
        {person.displayName}
        {props.isSelf && <span className="muted small"> (you)</span>}
      </td>
      <td>{person.email}</td>
      <td>{person.role}</td>
      {props.canManage && (
        <td className="tx-actions">
          <button type="button" className="secondary tx-inline" onClick={startEditing}>
            Edit
          </button>
          {!props.isSelf && (
            <ConfirmButton
              danger
              label="Remove"
              title={`Remove ${person.email}?`}
              confirmLabel="Remove"
              compact
              onConfirm={remove}
            >
              <p>
                {person.email} loses access to transfer at their next request. Their uploads and
                shares stay.
              </p>
            </ConfirmButton>
          )}
        </td>
      )}
    </tr>
  )
}
