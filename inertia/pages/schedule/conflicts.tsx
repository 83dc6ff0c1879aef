import { useMemo, useState, type FormEvent } from 'react'
import { Link, router } from '@inertiajs/react'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { formatDay, formatRange } from '~/components/shared/dates'
import { ConflictResolution, conflictKey } from '~/components/schedule/calendar/conflict_resolution'
import type { Conflict } from '~/components/schedule/calendar/calendar_types'
import { Swatch } from '~/components/schedule/status_badge'

type Range = { from: string; to: string }

export default function ConflictsPage({
  user,
  range,
  conflicts,
}: {
  user: SessionUser
  range: Range
  conflicts: Conflict[]
}) {
  return (
    <ScheduleShell user={user} title="Conflicts">
      <Conflicts range={range} conflicts={conflicts} />
    </ScheduleShell>
  )
}

/**
 * Everyone booked on two projects on the same day, by date. A double
 * booking that is fine (a half day each) is marked resolved, with a note.
 * The period is in the address (?from, ?to); another period is a partial
 * reload of the conflicts.
 */
function Conflicts({ range, conflicts }: { range: Range; conflicts: Conflict[] }) {
  const [draft, setDraft] = useState<Range>(range)
  const [showResolved, setShowResolved] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  const shown = useMemo(
    () => conflicts.filter((conflict) => showResolved || !conflict.resolution),
    [conflicts, showResolved]
  )
  const byDate = useMemo(() => {
    const groups = new Map<string, Conflict[]>()
    for (const conflict of shown) {
      groups.set(conflict.date, [...(groups.get(conflict.date) ?? []), conflict])
    }
    return [...groups.entries()]
  }, [shown])
  const resolvedCount = conflicts.filter((conflict) => conflict.resolution).length
  const openCount = conflicts.length - resolvedCount

  function applyRange(event: FormEvent) {
    event.preventDefault()
    if (draft.from && draft.to && draft.to >= draft.from) {
      setError(null)
      router.get('/conflicts', draft, {
        only: ['range', 'conflicts'],
        preserveState: true,
        preserveScroll: true,
        onStart: () => setLoading(true),
        onFinish: () => setLoading(false),
      })
    } else {
      setError('The last day must be on or after the first day.')
    }
  }

  return (
    <section className="card sc-page-card">
      <h1>Conflicts</h1>
      <p className="muted">
        A conflict is a crew member or vendor booked on two or more projects on the same working
        day, with statuses that book them. Conflicts never block a booking.
      </p>
      <form className="sc-inline-form" onSubmit={applyRange} aria-label="Period">
        <div>
          <label htmlFor="conflicts-from">From</label>
          <input
            id="conflicts-from"
            type="date"
            required
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor="conflicts-to">To</label>
          <input
            id="conflicts-to"
            type="date"
            required
            min={draft.from}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <button type="submit" className="compact">
          Show
        </button>
        <label className="sc-check-label">
          <input
            type="checkbox"
            checked={showResolved}
            onChange={(event) => setShowResolved(event.target.checked)}
          />
          Show resolved ({resolvedCount})
        </label>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {loading && <p className="muted">Loading…</p>}
      {!loading && (
        <p className="small" role="status">
          {openCount === 0
            ? `Nobody is double-booked between ${formatRange(range.from, range.to)}.`
            : `${openCount} open ${openCount === 1 ? 'conflict' : 'conflicts'} between ${formatRange(range.from, range.to)}.`}
        </p>
      )}
      {shown.length === 0 && openCount === 0 && resolvedCount > 0 && !showResolved && (
        <p className="sc-empty">All conflicts in this period are resolved.</p>
      )}
      {byDate.map(([date, group]) => (
        <section key={date} className="sc-conflict-day" aria-label={formatDay(date)}>
          <h2>{formatDay(date)}</h2>
          <ul className="sc-conflict-list">
            {group.map((conflict) => (
              <li
                key={conflictKey(conflict)}
                className={conflict.resolution ? 'sc-conflict sc-conflict-resolved' : 'sc-conflict'}
              >
                <div className="sc-conflict-person">
                  <span className={`sc-kind sc-kind-${conflict.kind}`}>
                    {conflict.kind === 'crew' ? 'Crew' : 'Vendor'}
                  </span>
                  <Link
                    href={`/directory?tab=${conflict.kind === 'crew' ? 'crew' : 'vendors'}&id=${conflict.resourceId}`}
                  >
                    {conflict.resourceName}
                  </Link>
                </div>
                <ul className="sc-conflict-projects" aria-label="Projects">
                  {conflict.projects.map((project) => (
                    <li key={project.id}>
                      <Swatch color={project.color} />
                      <Link href={`/projects/${project.id}`}>{project.name}</Link>
                    </li>
                  ))}
                </ul>
                <ConflictResolution
                  conflict={conflict}
                  onChanged={() => router.reload({ only: ['conflicts'] })}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}
