import type { Data } from '~generated/data'
import { Layout } from '~/components/shared/layout'
import {
  dayParts,
  daysOf,
  formatDay,
  formatRange,
  formatTimestamp,
} from '~/components/shared/dates'

type Shared = Data.Schedule.ShareView.Variants['forRecipient']
type SharedProject = NonNullable<Shared['project']>
type SharedPerson = NonNullable<Shared['person']>
type Place = SharedProject['location']

type ShareProps = {
  /** What the link shows; null when it shows nothing (see `gone`). */
  share: Shared | null
  /** Why the link shows nothing: 404 unknown, 410 revoked or expired. */
  gone: { status: number; message: string } | null
}

/** The page a share link opens, for someone without an account. */
export default function SharePage({ share, gone }: ShareProps) {
  const title = share?.project?.name ?? share?.person?.name ?? 'Shared schedule'
  return (
    <Layout title={title} brand="Schedule">
      <div className="sc-share-page">
        {gone && <Gone status={gone.status} message={gone.message} />}
        {share && (
          <>
            {share.project && <ProjectView project={share.project} />}
            {share.person && <PersonView person={share.person} />}
            {share.expiresAt && (
              <p className="muted small">
                This link works until {formatTimestamp(share.expiresAt)}.
              </p>
            )}
          </>
        )}
      </div>
    </Layout>
  )
}

function Gone(props: { status: number; message: string }) {
  if (props.status === 410) {
    return (
      <section className="card">
        <h1>This link no longer works</h1>
        <p role="alert">{props.message}.</p>
        <p>Ask the person who sent it to you for a new one.</p>
      </section>
    )
  }
  return (
    <section className="card">
      <h1>Link not found</h1>
      <p role="alert">
        There is nothing at this address. Check that you have the whole link, or ask the person who
        sent it for a new one.
      </p>
    </section>
  )
}

function PlaceLine(props: { place: Place }) {
  if (!props.place) {
    return null
  }
  return (
    <>
      {props.place.name}
      {props.place.address && <span className="muted"> · {props.place.address}</span>}
    </>
  )
}

function ProjectView({ project }: { project: SharedProject }) {
  const daysWithInfo = project.days.filter(
    (day) => day.title || day.callTime || day.wrapTime || day.notes || day.location
  )
  return (
    <>
      <section className="card sc-share-hero" style={{ borderTopColor: project.color }}>
        <h1>{project.name}</h1>
        <dl className="sc-facts">
          <dt>Dates</dt>
          <dd>{formatRange(project.startDate, project.endDate)}</dd>
          {project.client && (
            <>
              <dt>Client</dt>
              <dd>{project.client}</dd>
            </>
          )}
          {project.location && (
            <>
              <dt>Location</dt>
              <dd>
                <PlaceLine place={project.location} />
              </dd>
            </>
          )}
        </dl>
      </section>
      {daysWithInfo.length > 0 && (
        <section className="card">
          <h2>Days</h2>
          <table className="sc-table">
            <thead>
              <tr>
                <th>Day</th>
                <th>What</th>
                <th>Call</th>
                <th>Wrap</th>
                <th>Where</th>
                <th>Notes</th>
              </tr>
            </thead>
            <tbody>
              {daysWithInfo.map((day) => (
                <tr key={day.date}>
                  <td className="sc-nowrap">{formatDay(day.date)}</td>
                  <td>{day.title}</td>
                  <td>{day.callTime}</td>
                  <td>{day.wrapTime}</td>
                  <td>
                    <PlaceLine place={day.location} />
                  </td>
                  <td className="sc-pre">{day.notes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section className="card">
        <h2>Who is on it</h2>
        {project.roster.length === 0 ? (
          <p className="muted">Nobody is booked yet.</p>
        ) : (
          <table className="sc-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Role</th>
                <th>Days</th>
              </tr>
            </thead>
            <tbody>
              {project.roster.map((entry, index) => (
                <tr key={`${entry.kind}-${index}`}>
                  <td>{entry.name}</td>
                  <td>{entry.role ?? (entry.kind === 'vendor' ? 'Vendor' : '')}</td>
                  <td>
                    <DayList
                      days={entry.days}
                      notes={entry.notes}
                      allDays={daysOf(project.startDate, project.endDate).length}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  )
}

function PersonView({ person }: { person: SharedPerson }) {
  return (
    <>
      <section className="card">
        <h1>{person.name}</h1>
        <p className="muted">
          {person.role ?? (person.kind === 'crew' ? 'Crew' : 'Vendor')} · bookings from 30 days ago
          onwards
        </p>
      </section>
      {person.bookings.length === 0 ? (
        <section className="card">
          <p>No bookings at the moment.</p>
        </section>
      ) : (
        person.bookings.map((booking, index) => (
          <section
            key={index}
            className="card sc-share-hero"
            style={{ borderTopColor: booking.color }}
            aria-label={booking.projectName}
          >
            <h2>{booking.projectName}</h2>
            <dl className="sc-facts">
              <dt>Dates</dt>
              <dd>{formatRange(booking.startDate, booking.endDate)}</dd>
              {booking.location && (
                <>
                  <dt>Location</dt>
                  <dd>
                    <PlaceLine place={booking.location} />
                  </dd>
                </>
              )}
              <dt>Working</dt>
              <dd>
                <DayList days={booking.days} notes={booking.notes} />
              </dd>
            </dl>
          </section>
        ))
      )}
    </>
  )
}

/** Scheduled days as small date chips ("Every day" when that is all), each day's note below. */
function DayList(props: { days: string[]; notes: Record<string, string>; allDays?: number }) {
  if (props.days.length === 0) {
    return <span className="muted">No days scheduled</span>
  }
  const noted = Object.entries(props.notes).sort(([a], [b]) => a.localeCompare(b))
  return (
    <div>
      {props.days.length === props.allDays ? (
        <span>Every day</span>
      ) : (
        <ul className="sc-share-days" aria-label="Days">
          {props.days.map((day) => (
            <li key={day} title={formatDay(day)}>
              <span className="sc-day-weekday">{dayParts(day).weekday}</span>{' '}
              {formatDay(day).slice(4, -5)}
            </li>
          ))}
        </ul>
      )}
      {noted.length > 0 && (
        <ul className="sc-share-notes">
          {noted.map(([date, note]) => (
            <li key={date}>
              <span className="muted">{formatDay(date)}:</span> {note}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
