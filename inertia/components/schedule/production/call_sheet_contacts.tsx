import { useState } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { SortableList } from '~/components/shared/sortable_list'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { useToast } from '~/components/shared/ui/toast'
import { RecordForm, type FieldSpec } from '~/components/schedule/directory/record_form'
import type { Data } from '~generated/data'

type Contact = Data.Schedule.CallSheetContact

const CONTACT_FIELDS: FieldSpec[] = [
  { key: 'role', label: 'Role', required: true, maxLength: 100 },
  { key: 'name', label: 'Name', required: true, maxLength: 200 },
  { key: 'phone', label: 'Phone', type: 'tel', maxLength: 50 },
  { key: 'email', label: 'Email', type: 'email', maxLength: 254 },
  { key: 'isPublic', label: 'Shown on the share link', type: 'checkbox' },
]

const EMPTY = { role: '', name: '', phone: '', email: '', isPublic: false }

/**
 * The people every call sheet of the project names beside the roster
 * (producer, location manager, medic…): added, edited, deleted and put in
 * order by dragging (or by keyboard on the handle).
 */
export function CallSheetContacts(props: {
  projectId: number
  initial: Contact[]
  onChanged: () => void
}) {
  const toast = useToast()
  const [contacts, setContacts] = useState(props.initial)
  const [editing, setEditing] = useState<number | null>(null)
  // A new key empties the add form after an addition.
  const [added, setAdded] = useState(0)
  const url = `/api/projects/${props.projectId}/call-sheet-contacts`

  async function reorder(next: Contact[]) {
    const before = contacts
    setContacts(next)
    try {
      setContacts(await api<Contact[]>('PUT', `${url}/order`, { ids: next.map((c) => c.id) }))
      props.onChanged()
    } catch (error) {
      setContacts(before)
      toast.error(`Could not save the new order, so the old one is back: ${errorMessage(error)}`)
    }
  }

  async function remove(contact: Contact) {
    try {
      await api('DELETE', `${url}/${contact.id}`)
      setContacts((current) => current.filter((other) => other.id !== contact.id))
      props.onChanged()
    } catch (error) {
      toast.error(`Could not delete ${contact.name}: ${errorMessage(error)}`)
      throw error
    }
  }

  return (
    <>
      <h3>Contacts</h3>
      {contacts.length === 0 ? (
        <p className="ui-muted">
          No contacts yet: add the producer, the location manager, the medic…
        </p>
      ) : (
        <SortableList
          items={contacts}
          itemId={(contact) => String(contact.id)}
          itemLabel={(contact) => `${contact.name} (${contact.role})`}
          onReorder={(next) => void reorder(next)}
        >
          {(contact) =>
            editing === contact.id ? (
              <RecordForm
                name={`Edit ${contact.name}`}
                fields={CONTACT_FIELDS}
                initial={contact}
                submitLabel="Save contact"
                onCancel={() => setEditing(null)}
                onSubmit={async (values) => {
                  const saved = await api<Contact>('PATCH', `${url}/${contact.id}`, values)
                  setContacts((current) =>
                    current.map((other) => (other.id === saved.id ? saved : other))
                  )
                  setEditing(null)
                  props.onChanged()
                }}
              />
            ) : (
              <div className="ui-cluster">
                <span>
                  <strong>{contact.role}</strong> · {contact.name}
                  {[contact.phone, contact.email].filter(Boolean).length > 0 && (
                    <span className="ui-muted">
                      {' '}
                      · {[contact.phone, contact.email].filter(Boolean).join(' · ')}
                    </span>
                  )}{' '}
                  {contact.isPublic && <Badge tone="info">Public</Badge>}
                </span>
                <span className="sc-row-actions">
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`Edit ${contact.name}`}
                    onClick={() => setEditing(contact.id)}
                  >
                    Edit
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button size="small" variant="ghost" aria-label={`Delete ${contact.name}`}>
                        Delete
                      </Button>
                    }
                    title={`Delete ${contact.name}?`}
                    description="The call sheets of every day stop naming them."
                    confirmLabel="Delete contact"
                    onConfirm={() => remove(contact)}
                  />
                </span>
              </div>
            )
          }
        </SortableList>
      )}
      <RecordForm
        key={added}
        name="Add a contact"
        fields={CONTACT_FIELDS}
        initial={EMPTY}
        submitLabel="Add contact"
        onSubmit={async (values) => {
          const contact = await api<Contact>('POST', url, values)
          setContacts((current) => [...current, contact])
          setAdded((count) => count + 1)
          props.onChanged()
        }}
      />
    </>
  )
}
