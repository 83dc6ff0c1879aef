import { useMemo } from 'react'
import { Link } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { daysBetween, formatRange, longDay } from '~/components/shared/dates'
import { StatusBadge } from '~/components/schedule/status_badge'
import { Badge } from '~/components/shared/ui/badge'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { CalendarIcon } from '~/components/shared/ui/icons'
import {
  personKey,
  type PeopleBooking,
  type PeopleData,
  type PeoplePerson,
  type ProductionData,
} from './calendar_types'
import { indexProduction, ProductionDayDetails } from './production_day'

type Status = Data.Schedule.Status

type Crewed = { booking: PeopleBooking; person: PeoplePerson | undefined; clash: boolean }

/**
 * Projects mode, one day: the day's projects, what each day holds (title,
 * call and wrap, location, activities) and who works on each that day
 * (with status and the day's note); people off that day are named apart.
 */
export function ProjectsDay(props: {
  date: string
  data: PeopleData | null
  production: ProductionData | null
  statuses: Status[]
}) {
  const { date, data } = props
  const production = useMemo(() => indexProduction(props.production), [props.production])

  const statuses = useMemo(
    () => new Map(props.statuses.map((status) => [status.id, status])),
    [props.statuses]
  )

  const projects = useMemo(() => {
    if (!data) return []
    const people = new Map(data.people.map((person) => [personKey(person), person]))
    const clashes = new Set(
      data.conflicts
        .filter((conflict) => !conflict.resolved && conflict.date === date)
        .flatMap((conflict) =>
          conflict.projectIds.map((id) => `${conflict.kind}:${conflict.resourceId}:${id}`)
        )
    )
    return [...data.projects]
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name))
      .map((project) => {
        const bookings = data.bookings
          .filter((booking) => booking.projectId === project.id)
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((booking): Crewed => ({
            booking,
            person: people.get(personKey({ kind: booking.kind, id: booking.resourceId })),
            clash: clashes.has(`${booking.kind}:${booking.resourceId}:${project.id}`),
          }))
        return {
          project,
          working: bookings.filter((item) => !item.booking.unscheduled.includes(date)),
          off: bookings.filter((item) => item.booking.unscheduled.includes(date)),
        }
      })
  }, [data, date])

  return (
    <section className="cal-dayview" aria-label={`Projects on ${longDay(date)}`} aria-busy={!data}>
      {data && projects.length === 0 && (
        <EmptyState
          icon={<CalendarIcon size={32} />}
          title="No projects on this day"
          description="Projects running on this day show here with who works on each. Create one in the month or week view by dragging across its days."
        />
      )}
      <ul className="cal-dayview-list">
        {projects.map(({ project, working, off }) => (
          <li
            key={project.id}
            className="cal-dayview-project"
            style={{ borderLeftColor: project.color }}
          >
            <h2>
              <Link href={`/projects/${project.id}`}>{project.name}</Link>
            </h2>
            <p className="ui-muted">
              {formatRange(project.startDate, project.endDate, { compact: true })} · day{' '}
              {daysBetween(project.startDate, date) + 1} of{' '}
              {daysBetween(project.startDate, project.endDate) + 1}
            </p>
            <ProductionDayDetails
              projectName={project.name}
              day={production.day(project.id, date)}
              activities={production.activities(project.id, date)}
            />
            <h3 className="cal-dayview-heading">Crew and vendors</h3>
            {working.length === 0 ? (
              <p className="ui-muted">No one booked on this day.</p>
            ) : (
              <ul className="cal-dayview-people" aria-label={`Working on ${project.name}`}>
                {working.map(({ booking, person, clash }) => {
                  const status =
                    booking.statusId === null ? undefined : statuses.get(booking.statusId)
                  return (
                    <li
                      key={`${booking.kind}:${booking.assignmentId}`}
                      className={clash ? 'conflict' : ''}
                    >
                      <span className="cal-dayview-name">{person?.name ?? 'Someone removed'}</span>
                      <span className="ui-muted">
                        {booking.kind === 'crew' ? 'crew' : 'vendor'}
                      </span>
                      {status && <StatusBadge status={status} />}
                      {clash && <Badge tone="danger">double booked</Badge>}
                      {booking.notes[date] && (
                        <span className="cal-dayview-note">{booking.notes[date]}</span>
                      )}
                    </li>
                  )
                })}
              </ul>
            )}
            {off.length > 0 && (
              <p className="ui-muted">
                Off this day:{' '}
                {off.map(({ person }) => person?.name ?? 'someone removed').join(', ')}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
