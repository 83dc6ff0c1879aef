import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage, fieldErrors } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { Select } from '~/components/shared/ui/select'

type TransferUserRow = Data.Transfer.User

const ROLES = [
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admin' },
]

/**
 * The actions of one person in the users table. Admins edit name, email and
 * role in a dialog and remove people after a confirmation; nobody edits their
 * own role or removes themselves (the API refuses it too).
 */
export function AdminUserActions(props: {
  person: TransferUserRow
  isSelf: boolean
  onChanged: (person: TransferUserRow, notice: string) => void
  onRemoved: (person: TransferUserRow) => void
  onError: (message: string) => void
}) {
  const { person } = props
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(person)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  function openEditor(open: boolean) {
    if (open) {
      setDraft(person)
      setErrors({})
    }
    setEditing(open)
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

  return (
    <>
      <Dialog
        title={`Edit ${person.email}`}
        open={editing}
        onOpenChange={openEditor}
        trigger={
          <Button size="small" variant="secondary">
            Edit
          </Button>
        }
      >
        <form onSubmit={save} aria-label={`Edit ${person.email}`} className="ui-stack">
          <Field label="Name" error={errors.displayName} required>
            <TextInput
              maxLength={120}
              value={draft.displayName}
              onChange={(event) => setDraft({ ...draft, displayName: event.target.value })}
            />
          </Field>
          <Field label="Sign-in email" error={errors.email} required>
            <TextInput
              type="email"
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
          </Field>
          <Field label="Role" hint={props.isSelf ? 'You cannot change your own role.' : undefined}>
            <Select
              value={draft.role}
              options={ROLES}
              disabled={props.isSelf}
              onValueChange={(role) => setDraft({ ...draft, role: role as 'staff' | 'admin' })}
            />
          </Field>
          {errors.form && (
            <Notice tone="danger" role="alert">
              {errors.form}
            </Notice>
          )}
          <div className="ui-dialog-footer">
            <DialogClose>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </div>
        </form>
      </Dialog>
      {!props.isSelf && (
        <ConfirmDialog
          trigger={
            <Button size="small" variant="ghost">
              Remove
            </Button>
          }
          title={`Remove ${person.email}?`}
          description={`${person.email} loses access to transfer at their next request. Their uploads and shares stay.`}
          confirmLabel="Remove"
          onConfirm={remove}
        />
      )}
    </>
  )
}
