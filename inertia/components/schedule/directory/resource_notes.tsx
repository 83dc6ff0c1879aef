import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { relativeTimeProps } from '~/components/shared/dates'
import { describedBy, useFieldSave } from '~/components/shared/save_feedback'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { classNames } from '~/components/shared/ui/class_names'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { Field, Textarea } from '~/components/shared/ui/field'
import { InlineStatus } from '~/components/shared/ui/inline_status'
import { RowMenu } from '~/components/shared/ui/row_menu'
import { useToast } from '~/components/shared/ui/toast'
import { SaveStatusBeside } from '~/components/schedule/save_status'
import type { Data } from '~generated/data'

type ResourceNote = Data.Schedule.ResourceNote

function sorted(notes: ResourceNote[]) {
  return [...notes].sort(
    (a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt)
  )
}

/** A refusal, said beside the button that was pressed: the server's reason. */
type Refusal = string | null

/**
 * The team's internal notes on a person or place: pinned first, then newest.
 * Never shared. `notes` are the page's props; the panel keeps its changes.
 */
export function ResourceNotes(props: {
  resourceType: ResourceNote['resourceType']
  resourceId: number
  notes: ResourceNote[]
}) {
  const toast = useToast()
  const [notes, setNotes] = useState(props.notes)
  const [body, setBody] = useState('')
  const [pinned, setPinned] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<Refusal>(null)

  function replace(updated: ResourceNote) {
    setNotes((current) => sorted(current.map((note) => (note.id === updated.id ? updated : note))))
  }

  async function add(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setRefused(null)
    try {
      const note = await api<ResourceNote>('POST', '/api/resource-notes', {
        resourceType: props.resourceType,
        resourceId: props.resourceId,
        body: body.trim(),
        pinned,
      })
      setNotes((current) => sorted([note, ...current]))
      setBody('')
      setPinned(false)
    } catch (error) {
      setRefused(`Not added: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  /** Throws on a refusal, which the note's Save button shows beside it. */
  async function update(note: ResourceNote, changes: { body: string }) {
    replace(await api<ResourceNote>('PATCH', `/api/resource-notes/${note.id}`, changes))
  }

  /** Throws on a refusal, which the note's Pin button shows beside it. */
  async function pin(note: ResourceNote, wanted: boolean) {
    replace(await api<ResourceNote>('PATCH', `/api/resource-notes/${note.id}`, { pinned: wanted }))
  }

  /** Throws on a refusal, so the dialog stays open for another try. */
  async function remove(note: ResourceNote) {
    try {
      await api('DELETE', `/api/resource-notes/${note.id}`)
      setNotes((current) => current.filter((other) => other.id !== note.id))
      toast.success('The note was deleted.')
    } catch (error) {
      toast.error(`Could not delete the note: ${errorMessage(error)}`)
      throw error
    }
  }

  return (
    <section className="sc-section" aria-labelledby="notes-heading">
      <h3 id="notes-heading">Notes</h3>
      <p className="ui-muted">For the team only: share links never show these.</p>
      {notes.length === 0 && <p className="ui-muted">No notes yet.</p>}
      {notes.length > 0 && (
        <ul className="sc-detail-list">
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              onUpdate={(changes) => update(note, changes)}
              onPin={(wanted) => pin(note, wanted)}
              onRemove={() => remove(note)}
            />
          ))}
        </ul>
      )}
      <form className="ui-stack sc-note-form" onSubmit={add} aria-label="Add a note">
        <Field label="New note">
          <Textarea
            placeholder="e.g. Prefers early calls"
            rows={2}
            maxLength={10000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </Field>
        <Checkbox
          label="Pin to the top"
          checked={pinned}
          onChange={(event) => setPinned(event.target.checked)}
        />
        <div className="ui-cluster">
          <Button type="submit" size="small" loading={busy} disabled={!body.trim()}>
            Add note
          </Button>
          <InlineStatus
            state={busy ? 'saving' : refused ? 'error' : 'idle'}
            errorText={refused ?? undefined}
          />
        </div>
      </form>
    </section>
  )
}

/** The start of a note, to tell notes apart in a menu's name. */
function excerpt(body: string) {
  const line = body.trim().split('\n')[0]
  return line.length > 30 ? `${line.slice(0, 30)}…` : line
}

function NoteItem(props: {
  note: ResourceNote
  onUpdate: (changes: { body: string }) => Promise<void>
  onPin: (pinned: boolean) => Promise<void>
  onRemove: () => Promise<void>
}) {
  const { note } = props
  // One pin save at a time, the last click last; the badge shows what is stored.
  const pin = useFieldSave(note.pinned, props.onPin)
  const pinErrorId = `note-${note.id}-pin-error`
  const [editing, setEditing] = useState(false)
  const [body, setBody] = useState(note.body)
  const [saving, setSaving] = useState(false)
  const [refused, setRefused] = useState<Refusal>(null)
  const [deleting, setDeleting] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!body.trim()) {
      return
    }
    setSaving(true)
    setRefused(null)
    try {
      await props.onUpdate({ body: body.trim() })
      setEditing(false)
    } catch (error) {
      setRefused(`Not saved: ${errorMessage(error)}`)
    } finally {
      setSaving(false)
    }
  }

  return (
    <li className={classNames('sc-note', note.pinned && 'sc-note-pinned')}>
      {editing ? (
        <form className="ui-stack" onSubmit={save} aria-label="Edit note">
          <Field label="Note" hideLabel>
            <Textarea
              rows={3}
              maxLength={10000}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          </Field>
          <div className="ui-cluster">
            <Button type="submit" size="small" loading={saving}>
              Save
            </Button>
            <Button
              variant="secondary"
              size="small"
              onClick={() => {
                setEditing(false)
                setRefused(null)
              }}
            >
              Cancel
            </Button>
            <InlineStatus
              state={saving ? 'saving' : refused ? 'error' : 'idle'}
              errorText={refused ?? undefined}
            />
          </div>
        </form>
      ) : (
        <p className="ui-preserve-lines sc-note-body">
          {note.pinned && <Badge tone="warning">Pinned</Badge>} {note.body}
        </p>
      )}
      <div className="sc-note-meta">
        <span className="ui-muted">
          {note.authorName ?? 'Someone'}, <time {...relativeTimeProps(note.createdAt)} />
        </span>
        <span className="ui-cluster sc-note-actions">
          {pin.status.state === 'failed' ? (
            <SaveStatusBeside
              status={{
                ...pin.status,
                message: `${pin.value ? 'Not pinned' : 'Not unpinned'}: ${pin.status.message}`,
              }}
              errorId={pinErrorId}
              onRetry={pin.retry}
            />
          ) : (
            <InlineStatus state={pin.status.state} />
          )}
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              pin.change(!pin.value)
              pin.commit(!pin.value)
            }}
            {...describedBy(pin.status, pinErrorId)}
          >
            {pin.value ? 'Unpin' : 'Pin'}
          </Button>
          <RowMenu
            label={`the note “${excerpt(note.body)}”`}
            items={[
              ...(editing
                ? []
                : [
                    {
                      label: 'Edit',
                      onSelect: () => {
                        setBody(note.body)
                        setEditing(true)
                      },
                    },
                  ]),
              { label: 'Delete', tone: 'danger' as const, onSelect: () => setDeleting(true) },
            ]}
          />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title="Delete this note?"
            description="The note is removed for good."
            confirmLabel="Delete"
            onConfirm={props.onRemove}
          />
        </span>
      </div>
    </li>
  )
}
