import { useEffect, useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { formatTimestamp } from '~/components/shared/dates'
import { useToast } from '~/components/shared/toasts'
import { FieldError, describedBy, useFieldSave } from '~/components/shared/save_feedback'
import type { Data } from '~generated/data'

export type ResourceNote = Data.Schedule.ResourceNote

function sorted(notes: ResourceNote[]) {
  return [...notes].sort(
    (a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt)
  )
}

/** The team's internal notes on a person or place: pinned first, then newest. Never shared. */
export function ResourceNotes(props: {
  resourceType: ResourceNote['resourceType']
  resourceId: number
}) {
  const toast = useToast()
  const [notes, setNotes] = useState<ResourceNote[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [body, setBody] = useState('')
  const [pinned, setPinned] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const query = new URLSearchParams({
      resourceType: props.resourceType,
      resourceId: String(props.resourceId),
    })
    api<ResourceNote[]>('GET', `/api/resource-notes?${query}`)
      .then(setNotes)
      .catch((error: unknown) => setLoadError(`Could not load the notes: ${errorMessage(error)}`))
  }, [props.resourceType, props.resourceId])

  function replace(updated: ResourceNote) {
    setNotes(
      (current) =>
        current && sorted(current.map((note) => (note.id === updated.id ? updated : note)))
    )
  }

  async function add(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      const note = await api<ResourceNote>('POST', '/api/resource-notes', {
        resourceType: props.resourceType,
        resourceId: props.resourceId,
        body: body.trim(),
        pinned,
      })
      setNotes((current) => sorted([note, ...(current ?? [])]))
      setBody('')
      setPinned(false)
    } catch (error) {
      toast.error(`Could not add the note: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  async function update(note: ResourceNote, changes: { body: string }) {
    try {
      replace(await api<ResourceNote>('PATCH', `/api/resource-notes/${note.id}`, changes))
      return true
    } catch (error) {
      toast.error(`Could not save the note: ${errorMessage(error)}`)
      return false
    }
  }

  /** Throws on a refusal, which the note's Pin button shows beside it. */
  async function pin(note: ResourceNote, wanted: boolean) {
    replace(await api<ResourceNote>('PATCH', `/api/resource-notes/${note.id}`, { pinned: wanted }))
  }

  async function remove(note: ResourceNote) {
    try {
      await api('DELETE', `/api/resource-notes/${note.id}`)
      setNotes((current) => current?.filter((other) => other.id !== note.id) ?? null)
    } catch (error) {
      toast.error(`Could not delete the note: ${errorMessage(error)}`)
    }
  }

  return (
    <section className="sc-section" aria-labelledby="notes-heading">
      <h3 id="notes-heading">Notes</h3>
      <p className="muted small">For the team only: share links never show these.</p>
      {loadError && (
        <p className="error" role="alert">
          {loadError}
        </p>
      )}
      {notes?.length === 0 && <p className="muted small">No notes yet.</p>}
      {notes && notes.length > 0 && (
        <ul className="sc-notes">
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              onUpdate={(changes) => update(note, changes)}
              onPin={(wanted) => pin(note, wanted)}
              onRemove={() => void remove(note)}
            />
          ))}
        </ul>
      )}
      <form className="sc-note-form" onSubmit={add} aria-label="Add a note">
        <textarea
          className="sc-textarea"
          aria-label="New note"
          placeholder="e.g. Prefers early calls"
          rows={2}
          maxLength={10000}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <div className="sc-buttons">
          <label className="sc-check-label">
            <input
              type="checkbox"
              checked={pinned}
              onChange={(event) => setPinned(event.target.checked)}
            />
            Pin to the top
          </label>
          <button type="submit" className="compact" disabled={busy || !body.trim()}>
            Add note
          </button>
        </div>
      </form>
    </section>
  )
}

function NoteItem(props: {
  note: ResourceNote
  onUpdate: (changes: { body: string }) => Promise<boolean>
  onPin: (pinned: boolean) => Promise<void>
  onRemove: () => void
}) {
  const { note } = props
  // One pin save at a time, the last click last; the pill shows what is stored.
  const pin = useFieldSave(note.pinned, props.onPin)
  const pinErrorId = `note-${note.id}-pin-error`
  const [editing, setEditing] = useState(false)
  const [body, setBody] = useState(note.body)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (body.trim() && (await props.onUpdate({ body: body.trim() }))) {
      setEditing(false)
    }
  }

  return (
    <li className={note.pinned ? 'sc-note sc-note-pinned' : 'sc-note'}>
      {editing ? (
        <form onSubmit={save} aria-label="Edit note">
          <textarea
            className="sc-textarea"
            aria-label="Note"
            rows={3}
            maxLength={10000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          <div className="sc-buttons">
            <button type="submit" className="compact">
              Save
            </button>
            <button type="button" className="secondary compact" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className="sc-pre">
          {note.pinned && <span className="sc-pill sc-pill-pinned">Pinned</span>}
          {note.body}
        </p>
      )}
      <div className="sc-note-meta muted small">
        <span>
          {note.authorName ?? 'Someone'}, {formatTimestamp(note.createdAt)}
        </span>
        <span className="sc-row-actions">
          {pin.status.state === 'saving' && <span className="muted">Saving…</span>}
          {pin.status.state === 'failed' && (
            <FieldError
              status={{
                ...pin.status,
                message: `${pin.value ? 'Not pinned' : 'Not unpinned'}: ${pin.status.message}`,
              }}
              errorId={pinErrorId}
              onRetry={pin.retry}
            />
          )}
          <button
            type="button"
            className="link small"
            onClick={() => {
              pin.change(!pin.value)
              pin.commit(!pin.value)
            }}
            {...describedBy(pin.status, pinErrorId)}
          >
            {pin.value ? 'Unpin' : 'Pin'}
          </button>
          {!editing && (
            <button
              type="button"
              className="link small"
              onClick={() => {
                setBody(note.body)
                setEditing(true)
              }}
            >
              Edit
            </button>
          )}
          <ConfirmButton
            compact
            danger
            label="Delete"
            title="Delete this note?"
            confirmLabel="Delete"
            onConfirm={props.onRemove}
          >
            <p>The note is removed for good.</p>
          </ConfirmButton>
        </span>
      </div>
    </li>
  )
}
