import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { api } from '~/components/shared/api'
import { ScheduleShell } from '~/components/schedule/schedule_shell'
import { errorMessage } from '~/components/shared/api'
import { formatDay, formatRange, shiftDays, today } from '~/components/shared/dates'
import { ConflictResolution, conflictKey } from '~/components/schedule/calendar/conflict_resolution'
import { Swatch } from '~/components/schedule/status_badge'
import type { Conflict, ConflictsData, SessionUser } from '~/components/schedule/types'

const DEFAULT_DAYS = 90

export default function ConflictsPage({ user }: { user: SessionUser }) {
  return (
    <ScheduleShell user={user} title="Conflicts">
      <Conflicts />
    </ScheduleShell>
  )
}

type Range = { from: string; to: string }

/**
 * Everyone booked on two projects on the same day, by date. A double
 * booking that is fine (a half day each) is marked resolved, with a note.
 */
function Conflicts() {
  const [range, setRange] = useState<Range>(() => ({
    from: today(),
    to: shiftDays(today(), DEFAULT_DAYS),
  }))
  const [draft, setDraft] = useState<Range>(range)
  const [showResolved, setShowResolved] = useState(false)
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const query = new URLSearchParams({ from: range.from, to: range.to, includeResolved: 'true' })
    let current = true
    api<ConflictsData>('GET', `/api/conflicts-data?${query}`)
      .then((data) => {
        if (current) {
          setConflicts(data.conflicts)
          setError(null)
        }
      })
      .catch(
        (failure: unknown) =>
          current && setError(`Could not load the conflicts: ${errorMessage(failure)}`)
      )
    return () => {
      current = false
    }
  }, [range, version])

  const shown = useMemo(
    () => (conflicts ?? []).filter((conflict) => showResolved || !conflict.resolution),
    [conflicts, showResolved]
  )
  const byDate = useMemo(() => {
    const groups = new Map<string, Conflict[]>()
    for (const conflict of shown) {
      groups.set(conflict.date, [...(groups.get(conflict.date) ?? []), conflict])
    }
    return [...groups.entries()]
  }, [shown])
  const resolvedCount = (conflicts ?? []).filter((conflict) => conflict.resolution).length
  const openCount = (conflicts ?? []).length - resolvedCount

  function applyRange(event: FormEvent) {
    event.preventDefault()
    if (draft.from && draft.to && draft.to >= draft.from) {
      setConflicts(null)
      setRange(draft)
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
      {conflicts === null && !error && <p className="muted">Loading…</p>}
      {conflicts && (
        <p className="small" role="status">
          {openCount === 0
            ? `Nobody is double-booked between ${formatRange(range.from, range.to)}.`
            : `${openCount} open ${openCount === 1 ? 'conflict' : 'conflicts'} between ${formatRange(range.from, range.to)}.`}
        </p>
      )}
      {conflicts && shown.length === 0 && openCount === 0 && resolvedCount > 0 && !showResolved && (
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
                  <a
                    href={`/directory?tab=${conflict.kind === 'crew' ? 'crew' : 'vendors'}&id=${conflict.resourceId}`}
                  >
                    {conflict.resourceName}
                  </a>
                </div>
                <ul className="sc-conflict-projects" aria-label="Projects">
                  {conflict.projects.map((project) => (
                    <li key={project.id}>
                      <Swatch color={project.color} />
                      <a href={`/projects/${project.id}`}>{project.name}</a>
                    </li>
                  ))}
                </ul>
                <ConflictResolution
                  conflict={conflict}
                  onChanged={() => setVersion((value) => value + 1)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}
