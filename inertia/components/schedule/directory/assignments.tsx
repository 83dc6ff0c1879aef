import { useEffect, useState } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { daysOf, formatDay, formatRange, today } from '~/components/shared/dates'
import { findById } from '~/components/schedule/lookups'
import { StatusBadge, Swatch } from '~/components/schedule/status_badge'
import type { Data } from '~generated/data'

type Assignment = Data.Schedule.ResourceBooking

/** A person's bookings from today on: project, dates, status, days off and day notes. */
export function Assignments(props: {
  kind: 'crew' | 'vendor'
  id: number
  statuses: Data.Schedule.Status[]
}) {
  const [assignments, setAssignments] = useState<Assignment[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const base = props.kind === 'crew' ? '/api/crew' : '/api/vendors'
    api<Assignment[]>('GET', `${base}/${props.id}/assignments?from=${today()}`)
      .then(setAssignments)
      .catch((failure: unknown) =>
        setError(`Could not load the bookings: ${errorMessage(failure)}`)
      )
  }, [props.kind, props.id])

  return (
    <section className="sc-section" aria-labelledby="assignments-heading">
      <h3 id="assignments-heading">Upcoming bookings</h3>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {assignments?.length === 0 && (
        <p className="muted small">No upcoming bookings. Add them from a project&apos;s roster.</p>
      )}
      {assignments && assignments.length > 0 && (
        <ul className="sc-assignments">
          {assignments.map((assignment) => {
            const total = daysOf(assignment.startDate, assignment.endDate).length
            const working = total - assignment.unscheduled.length
            const notes = Object.entries(assignment.notes).sort(([a], [b]) => a.localeCompare(b))
            return (
              <li key={assignment.assignmentId}>
                <div className="sc-assignment-head">
                  <Swatch color={assignment.color} />
                  <a href={`/projects/${assignment.projectId}`}>{assignment.projectName}</a>
                  <StatusBadge status={findById(props.statuses, assignment.statusId)} />
                </div>
                <div className="muted small">
                  {formatRange(assignment.startDate, assignment.endDate)}
                  {working < total && ` · working ${working} of ${total} days`}
                </div>
                {notes.length > 0 && (
                  <ul className="sc-share-notes small">
                    {notes.map(([date, note]) => (
                      <li key={date}>
                        <span className="muted">{formatDay(date)}:</span> {note}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
