import { Link } from '@inertiajs/react'
import { daysOf, formatDay, formatRange } from '~/components/shared/dates'
import { findById } from '~/components/schedule/lookups'
import { StatusBadge, Swatch } from '~/components/schedule/status_badge'
import type { Data } from '~generated/data'

/** A person's bookings from today on: project, dates, status, days off and day notes. */
export function Assignments(props: {
  assignments: Data.Schedule.ResourceBooking[]
  statuses: Data.Schedule.Status[]
}) {
  const { assignments } = props
  return (
    <section className="sc-section" aria-labelledby="assignments-heading">
      <h3 id="assignments-heading">Upcoming bookings</h3>
      {assignments.length === 0 && (
        <p className="ui-muted">No upcoming bookings. Add them from a project&apos;s roster.</p>
      )}
      {assignments.length > 0 && (
        <ul className="sc-detail-list">
          {assignments.map((assignment) => {
            const total = daysOf(assignment.startDate, assignment.endDate).length
            const working = total - assignment.unscheduled.length
            const notes = Object.entries(assignment.notes).sort(([a], [b]) => a.localeCompare(b))
            return (
              <li key={assignment.assignmentId} className="ui-stack-tight">
                <div className="ui-cluster sc-detail-line">
                  <Swatch color={assignment.color} />
                  <Link href={`/projects/${assignment.projectId}`}>{assignment.projectName}</Link>
                  <StatusBadge status={findById(props.statuses, assignment.statusId)} />
                </div>
                <span className="ui-muted">
                  {formatRange(assignment.startDate, assignment.endDate)}
                  {working < total && ` · working ${working} of ${total} days`}
                </span>
                {notes.length > 0 && (
                  <ul className="sc-day-note-list ui-muted">
                    {notes.map(([date, note]) => (
                      <li key={date}>
                        <strong>{formatDay(date)}:</strong> {note}
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
