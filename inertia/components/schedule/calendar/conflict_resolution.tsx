import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { formatShortDay, formatTimestampDay } from '~/components/shared/dates'
import { useToast } from '~/components/shared/toasts'
import type { Conflict } from './calendar_types'

/** The same double booking, whatever the page: person, day and the set of projects. */
export function conflictKey(
  conflict: Pick<Conflict, 'kind' | 'resourceId' | 'date' | 'projectIds'>
) {
  return `${conflict.kind}:${conflict.resourceId}:${conflict.date}:${conflict.projectIds.join(',')}`
}

/**
 * Toasts each double booking that a save has just made (one that was not
 * open before it), naming the person, the day and the other projects.
 */
export function warnAboutNewConflicts(
  toast: { warning: (text: string) => void },
  before: Conflict[],
  after: Conflict[],
  currentProjectId?: number
) {
  const known = new Set(before.filter((c) => !c.resolution).map(conflictKey))
  for (const conflict of after) {
    if (conflict.resolution || known.has(conflictKey(conflict))) {
      continue
    }
    const others = conflict.projects
      .filter((project) => project.id !== currentProjectId)
      .map((project) => project.name)
    toast.warning(
      `${conflict.resourceName} is double-booked on ${formatShortDay(conflict.date)}` +
        (others.length > 0 ? ` (also on ${others.join(', ')}).` : '.')
    )
  }
}

/**
 * "Mark resolved" (with an optional note saying why it is fine) for an open
 * conflict; who resolved it and "Reopen" for a resolved one.
 */
export function ConflictResolution(props: { conflict: Conflict; onChanged: () => void }) {
  const toast = useToast()
  const { conflict } = props
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)

  async function resolve(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await api('POST', '/api/conflict-resolutions', {
        kind: conflict.kind,
        resourceId: conflict.resourceId,
        date: conflict.date,
        projectIds: conflict.projectIds,
        note: note.trim() || undefined,
      })
      setOpen(false)
      setNote('')
      props.onChanged()
    } catch (error) {
      toast.error(`Could not mark it resolved: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  async function reopen(resolutionId: number) {
    setBusy(true)
    try {
      await api('DELETE', `/api/conflict-resolutions/${resolutionId}`)
      props.onChanged()
    } catch (error) {
      toast.error(`Could not reopen it: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  if (conflict.resolution) {
    const { resolution } = conflict
    return (
      <span className="sc-resolution">
        <span className="muted small">
          Resolved{resolution.resolvedByName && ` by ${resolution.resolvedByName}`} on{' '}
          {formatTimestampDay(resolution.createdAt)}
          {resolution.note && `: “${resolution.note}”`}
        </span>
        <button
          type="button"
          className="link small"
          disabled={busy}
          onClick={() => reopen(resolution.id)}
        >
          Reopen
        </button>
      </span>
    )
  }
  if (!open) {
    return (
      <button type="button" className="secondary compact" onClick={() => setOpen(true)}>
        Mark resolved
      </button>
    )
  }
  return (
    <form
      className="sc-resolve-form"
      onSubmit={resolve}
      aria-label={`Resolve ${conflict.resourceName} on ${conflict.date}`}
    >
      <input
        aria-label="Why it is fine (optional)"
        placeholder="Why it is fine (optional)"
        maxLength={10000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <button type="submit" className="compact" disabled={busy}>
        Resolve
      </button>
      <button type="button" className="secondary compact" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  )
}
