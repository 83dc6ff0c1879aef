import { useMemo } from 'react'
import { Link } from '@inertiajs/react'
import { MapLink } from '~/components/schedule/map_link'
import { Badge } from '~/components/shared/ui/badge'
import type {
  CalendarProject,
  ProductionActivity,
  ProductionData,
  ProductionDay,
} from './calendar_types'

/** What the production days of the shown range hold, by project and date. */
export type ProductionIndex = {
  day: (projectId: number, date: string) => ProductionDay | undefined
  activities: (projectId: number, date: string) => ProductionActivity[]
}

function keyOf(projectId: number, date: string) {
  return `${projectId}:${date}`
}

export function indexProduction(data: ProductionData | null | undefined): ProductionIndex {
  const days = new Map<string, ProductionDay>()
  const activities = new Map<string, ProductionActivity[]>()
  for (const day of data?.days ?? []) days.set(keyOf(day.projectId, day.date), day)
  // The server sends them in the order of the day; grouping keeps it.
  for (const activity of data?.activities ?? []) {
    const key = keyOf(activity.projectId, activity.date)
    const list = activities.get(key)
    if (list) list.push(activity)
    else activities.set(key, [activity])
  }
  return {
    day: (projectId, date) => days.get(keyOf(projectId, date)),
    activities: (projectId, date) => activities.get(keyOf(projectId, date)) ?? [],
  }
}

/** "Call 07:00 · Wrap 19:30", "Call 07:00", "" */
export function callAndWrap(day: Pick<ProductionDay, 'callTime' | 'wrapTime'> | undefined) {
  return [day?.callTime && `Call ${day.callTime}`, day?.wrapTime && `Wrap ${day.wrapTime}`]
    .filter(Boolean)
    .join(' · ')
}

function activityTime(activity: ProductionActivity) {
  return activity.endTime ? `${activity.startTime}–${activity.endTime}` : activity.startTime
}

/**
 * One project's production day in the day view: the day's title, call and
 * wrap, location (its directory record and the map) and notes, then its
 * activities in the order of the day with their type's colour.
 */
export function ProductionDayDetails(props: {
  projectName: string
  day: ProductionDay | undefined
  activities: ProductionActivity[]
}) {
  const { day, activities } = props
  const times = callAndWrap(day)
  const location = day?.location ?? null
  if (!day && activities.length === 0) {
    return <p className="ui-muted">No day information or activities entered for this day yet.</p>
  }
  return (
    <div className="cal-production">
      {day?.title && <p className="cal-production-title">{day.title}</p>}
      {(times || location) && (
        <p className="cal-production-facts">
          {times && <span className="cal-production-times">{times}</span>}
          {location && (
            <span className="cal-production-location">
              <Link href={`/directory?tab=locations&id=${location.id}`}>{location.name}</Link>
              {location.address && <span className="ui-muted"> {location.address}</span>}{' '}
              <MapLink
                name={location.name}
                address={location.address}
                lat={location.lat}
                lng={location.lng}
              />
            </span>
          )}
        </p>
      )}
      {day?.notes && <p className="cal-production-notes">{day.notes}</p>}
      {activities.length > 0 && (
        <ol className="cal-activities" aria-label={`Activities of ${props.projectName}`}>
          {activities.map((activity) => (
            <li key={activity.id} className="cal-activity">
              <span
                className="cal-activity-swatch"
                style={{ background: activity.type?.color ?? 'var(--ui-neutral-500)' }}
                aria-hidden="true"
              />
              <span className="cal-activity-time">{activityTime(activity)}</span>
              <span className="cal-activity-what">
                <span className="cal-activity-name">{activity.name}</span>
                {activity.type && <span className="ui-muted">{activity.type.name}</span>}
                {!activity.endTime && <Badge>milestone</Badge>}
                {activity.marker && (
                  <Badge tone="info">{activity.marker === 'start' ? 'Start' : 'End'}</Badge>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

/**
 * People mode, one day: under the people, what each project's day holds,
 * so a person planning bookings sees the call times and the places.
 */
export function PeopleDayProduction(props: {
  date: string
  projects: CalendarProject[]
  production: ProductionData | null
}) {
  const production = useMemo(() => indexProduction(props.production), [props.production])
  const projects = useMemo(
    () =>
      props.projects
        .filter((project) => project.startDate <= props.date && project.endDate >= props.date)
        .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name)),
    [props.projects, props.date]
  )
  if (projects.length === 0) return null
  return (
    <section className="cal-production-day" aria-labelledby="cal-production-day-title">
      <h2 id="cal-production-day-title">The day on each project</h2>
      <ul className="cal-dayview-list">
        {projects.map((project) => (
          <li
            key={project.id}
            className="cal-dayview-project"
            style={{ borderLeftColor: project.color }}
          >
            <h3>
              <Link href={`/projects/${project.id}`}>{project.name}</Link>
            </h3>
            <ProductionDayDetails
              projectName={project.name}
              day={production.day(project.id, props.date)}
              activities={production.activities(project.id, props.date)}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
