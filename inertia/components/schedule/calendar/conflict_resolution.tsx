import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { formatRange, formatShortDay, formatTimestampDay } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { TextInput } from '~/components/shared/ui/field'
import { useToast } from '~/components/shared/ui/toast'
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
 * clash; who resolved it and "Reopen" for a resolved one. A clash over
 * several days (`conflicts`, all open or all resolved) is resolved or
 * reopened day by day, as the API keeps it, in one action.
 */
export function ConflictResolution(props: { conflicts: Conflict[]; onChanged: () => void }) {
  const toast = useToast()
  const { conflicts } = props
  const [first] = conflicts
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)

  async function resolve(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      for (const conflict of conflicts) {
        await api('POST', '/api/conflict-resolutions', {
          kind: conflict.kind,
          resourceId: conflict.resourceId,
          date: conflict.date,
          projectIds: conflict.projectIds,
          note: note.trim() || undefined,
        })
      }
      setOpen(false)
      setNote('')
    } catch (error) {
      toast.error(`Could not mark it resolved: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
      props.onChanged()
    }
  }

  async function reopen() {
    setBusy(true)
    try {
      for (const conflict of conflicts) {
        if (conflict.resolution) {
          await api('DELETE', `/api/conflict-resolutions/${conflict.resolution.id}`)
        }
      }
    } catch (error) {
      toast.error(`Could not reopen it: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
      props.onChanged()
    }
  }

  if (!first) return null
  if (first.resolution) {
    const { resolution } = first
    return (
      <span className="sc-resolution">
        <span className="ui-muted">
          Resolved{resolution.resolvedByName && ` by ${resolution.resolvedByName}`} on{' '}
          {formatTimestampDay(resolution.createdAt)}
          {resolution.note && `: “${resolution.note}”`}
        </span>
        <Button variant="ghost" size="small" loading={busy} onClick={reopen}>
          Reopen
        </Button>
      </span>
    )
  }
  if (!open) {
    return (
      <Button variant="secondary" size="small" onClick={() => setOpen(true)}>
        Mark resolved
      </Button>
    )
  }
  const last = conflicts[conflicts.length - 1]
  const when = formatRange(first.date, last.date)
  return (
    <form
      className="sc-resolve-form"
      onSubmit={resolve}
      aria-label={`Resolve ${first.resourceName} on ${when}`}
    >
      <TextInput
        className="sc-resolve-note"
        aria-label="Why it is fine (optional)"
        placeholder="Why it is fine (optional)"
        maxLength={10000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button type="submit" size="small" loading={busy}>
        Resolve
      </Button>
      <Button variant="secondary" size="small" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  )
}
