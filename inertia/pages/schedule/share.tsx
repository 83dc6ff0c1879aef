import { usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { ItemExportMenu } from '~/components/schedule/exports/export_menu'
import { SharedCallSheets } from '~/components/schedule/production/shared_call_sheets'
import {
  dayParts,
  daysOf,
  formatDay,
  formatRange,
  formatTimestamp,
} from '~/components/shared/dates'
import { AppShell } from '~/components/shared/ui/app_shell'
import { DataTable } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { PageHeader } from '~/components/shared/ui/page_header'
import { MapLink } from '~/components/schedule/map_link'
import { StaticMapImage } from '~/components/schedule/static_map'

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
  // The page's own address is the link: /share/<token>.
  const token = usePage().url.split('?')[0].split('/').pop()
  return (
    <AppShell title={title} appName="Schedule" width="wide">
      <div className="ui-stack sc-share-page">
        {gone && <Gone status={gone.status} message={gone.message} />}
        {share && (
          <>
            <div className="ui-cluster">
              <ItemExportMenu base={`/api/share/${token}/export`} label="Download" />
            </div>
            {share.project && <ProjectView project={share.project} />}
            {share.person && <PersonView person={share.person} />}
            {share.expiresAt && (
              <p className="ui-muted">This link works until {formatTimestamp(share.expiresAt)}.</p>
            )}
          </>
        )}
      </div>
    </AppShell>
  )
}

function Gone(props: { status: number; message: string }) {
  if (props.status === 410) {
    return (
      <PageHeader
        title="This link no longer works"
        description={
          <>
            <span role="alert">{props.message}.</span> Ask the person who sent it to you for a new
            one.
          </>
        }
      />
    )
  }
  return (
    <PageHeader
      title="Link not found"
      description={
        <span role="alert">
          There is nothing at this address. Check that you have the whole link, or ask the person
          who sent it for a new one.
        </span>
      }
    />
  )
}

function PlaceLine(props: { place: Place }) {
  if (!props.place) {
    return null
  }
  return (
    <>
      {props.place.name}
      {props.place.address && <span className="ui-muted"> · {props.place.address}</span>}
    </>
  )
}

function ProjectView({ project }: { project: SharedProject }) {
  const daysWithInfo = project.days.filter(
    (day) => day.title || day.callTime || day.wrapTime || day.notes || day.location
  )
  const allDays = daysOf(project.startDate, project.endDate).length
  return (
    <>
      <section className="ui-panel sc-share-hero" style={{ borderTopColor: project.color }}>
        <h1 className="ui-page-title">{project.name}</h1>
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
                <PlaceLine place={project.location} />{' '}
                <MapLink
                  name={project.location.name}
                  address={project.location.address}
                  lat={project.locationMap?.lat}
                  lng={project.locationMap?.lng}
                />
              </dd>
            </>
          )}
        </dl>
        {project.location && project.locationMapImageUrl && (
          <StaticMapImage src={project.locationMapImageUrl} name={project.location.name} />
        )}
      </section>
      <SharedCallSheets days={daysOf(project.startDate, project.endDate)} />
      {project.locationPhotos.length > 0 && (
        <section className="ui-panel" aria-labelledby="share-photos">
          <h2 id="share-photos">Photos of the location</h2>
          <ul className="ui-plain-list ui-photo-grid sc-sortable">
            {project.locationPhotos.map((photo) => (
              <li key={photo.url}>
                <a className="ui-photo-tile" href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.thumbnailUrl}
                    alt={photo.description ?? 'Photo of the location'}
                    loading="lazy"
                    width={photo.width}
                    height={photo.height}
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {daysWithInfo.length > 0 && (
        <section className="ui-panel" aria-labelledby="share-days">
          <h2 id="share-days">Days</h2>
          <DataTable
            caption="Days of the project"
            rows={daysWithInfo}
            rowKey={(day) => day.date}
            columns={[
              {
                key: 'day',
                header: 'Day',
                primary: true,
                nowrap: true,
                cell: (day) => formatDay(day.date),
              },
              { key: 'what', header: 'What', cell: (day) => day.title },
              { key: 'call', header: 'Call', cell: (day) => day.callTime },
              { key: 'wrap', header: 'Wrap', cell: (day) => day.wrapTime },
              { key: 'where', header: 'Where', cell: (day) => <PlaceLine place={day.location} /> },
              {
                key: 'notes',
                header: 'Notes',
                cell: (day) => <span className="sc-pre">{day.notes}</span>,
              },
            ]}
          />
        </section>
      )}
      <section className="ui-panel" aria-labelledby="share-roster">
        <h2 id="share-roster">Who is on it</h2>
        <DataTable
          caption="Who is on the project"
          rows={project.roster}
          // A person booked twice is two entries: their days tell them apart.
          rowKey={(entry) => `${entry.kind}-${entry.name}-${entry.days.join()}`}
          columns={[
            { key: 'name', header: 'Name', primary: true, cell: (entry) => entry.name },
            {
              key: 'role',
              header: 'Role',
              cell: (entry) => entry.role ?? (entry.kind === 'vendor' ? 'Vendor' : ''),
            },
            {
              key: 'days',
              header: 'Days',
              cell: (entry) => <DayList days={entry.days} notes={entry.notes} allDays={allDays} />,
            },
          ]}
          empty={
            <EmptyState
              headingLevel={3}
              title="Nobody is booked yet"
              description="The crew and vendors booked on this project show here as soon as they are."
            />
          }
        />
      </section>
    </>
  )
}

function PersonView({ person }: { person: SharedPerson }) {
  return (
    <>
      <PageHeader
        title={person.name}
        description={`${person.role ?? (person.kind === 'crew' ? 'Crew' : 'Vendor')} · bookings from 30 days ago onwards`}
      />
      {person.bookings.length === 0 ? (
        <EmptyState
          title="No bookings at the moment"
          description="The projects this person is booked on show here, with their dates and days."
        />
      ) : (
        person.bookings.map((booking, index) => (
          <section
            key={index}
            className="ui-panel sc-share-hero"
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
    return <span className="ui-muted">No days scheduled</span>
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
              <span className="ui-muted">{formatDay(date)}:</span> {note}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
