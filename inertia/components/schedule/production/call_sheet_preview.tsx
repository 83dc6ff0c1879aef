import { useEffect, useState } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { formatDay } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'

type Sheet = {
  project: { name: string; client: string | null }
  date: string
  dayNumber: number
  dayCount: number
  title: string | null
  sections: string[]
  company: {
    name: string | null
    address: string | null
    phone: string | null
    email: string | null
  }
  generalCall: string | null
  wrapTime: string | null
  locations: {
    name: string
    address: string | null
    mapUrl: string | null
    use: string
    sun: { sunrise: string | null; sunset: string | null } | null
  }[]
  parking: string | null
  nearestHospital: string | null
  weatherNote: string | null
  emergencyInfo: string | null
  safetyNotes: string | null
  notes: string[]
  schedule: {
    id: number
    startTime: string
    endTime: string | null
    name: string
    type: string | null
    marker: string | null
    location: string | null
    participants: string[]
  }[]
  crew: {
    assignmentId: number
    name: string
    role: string | null
    callTime: string | null
    phone: string | null
    email: string | null
  }[]
  vendors: {
    assignmentId: number
    name: string
    type: string | null
    contactName: string | null
    phone: string | null
    email: string | null
  }[]
  contacts: { id: number; role: string; name: string; phone: string | null; email: string | null }[]
}

function Table({
  caption,
  head,
  rows,
}: {
  caption: string
  head: string[]
  rows: (string | null)[][]
}) {
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <caption className="ui-table-caption">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="ui-muted">
                None
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A day's call sheet as the PDF prints it, section by section; the print
 * stylesheet (schedule.css) prints this alone.
 */
export function CallSheetPreview({ url, pdfUrl }: { url: string; pdfUrl: string }) {
  const [sheet, setSheet] = useState<Sheet | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    api<Sheet>('GET', url).then(
      (loaded) => setSheet(loaded),
      (error) => setFailure(errorMessage(error))
    )
  }, [url])
  if (failure) return <p className="ui-notice ui-notice-danger">{failure}</p>
  if (!sheet) return <p className="ui-muted">Loading the call sheet…</p>
  const shows = new Set(sheet.sections)
  return (
    <article className="sc-call-sheet ui-stack" aria-label="Call sheet">
      <div className="ui-cluster sc-no-print">
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <a className="ui-button ui-button-secondary" href={pdfUrl}>
          Download PDF
        </a>
      </div>
      <header>
        <p className="ui-muted">
          Call sheet · Day {sheet.dayNumber} of {sheet.dayCount}
        </p>
        <h3>
          {sheet.project.name}
          {sheet.title ? ` — ${sheet.title}` : ''}
        </h3>
        <dl className="ui-facts">
          {(
            [
              ['Date', formatDay(sheet.date)],
              ['Client', sheet.project.client],
              ['General crew call', sheet.generalCall],
              ['Wrap', sheet.wrapTime],
              ['Weather', sheet.weatherNote],
              [
                'Production',
                shows.has('company')
                  ? [
                      sheet.company.name,
                      sheet.company.address,
                      sheet.company.phone,
                      sheet.company.email,
                    ]
                      .filter(Boolean)
                      .join(' · ') || null
                  : null,
              ],
            ] as [string, string | null][]
          )
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="ui-fact">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </header>
      {shows.has('locations') && (
        <>
          <Table
            caption="Locations"
            head={[
              'Location',
              'Address',
              'For',
              ...(shows.has('sun') ? ['Sunrise', 'Sunset'] : []),
            ]}
            rows={sheet.locations.map((place) => [
              place.name,
              place.address,
              place.use,
              ...(shows.has('sun') ? [place.sun?.sunrise ?? null, place.sun?.sunset ?? null] : []),
            ])}
          />
          <ul>
            {sheet.locations
              .filter((place) => place.mapUrl)
              .map((place) => (
                <li key={place.name}>
                  <a href={place.mapUrl!}>Map of {place.name}</a>
                </li>
              ))}
            {sheet.parking && <li>Parking: {sheet.parking}</li>}
            {sheet.nearestHospital && <li>Nearest hospital: {sheet.nearestHospital}</li>}
          </ul>
        </>
      )}
      {shows.has('schedule') && (
        <Table
          caption="Schedule"
          head={['Time', 'Activity', 'Type', 'Where', 'Who']}
          rows={sheet.schedule.map((item) => [
            item.endTime ? `${item.startTime}–${item.endTime}` : item.startTime,
            `${item.marker ? `${item.marker.toUpperCase()} · ` : ''}${item.name}`,
            item.type,
            item.location,
            item.participants.join(', '),
          ])}
        />
      )}
      {shows.has('crew') && (
        <Table
          caption="Crew"
          head={['Name', 'Role', 'Call', 'Phone', 'Email']}
          rows={sheet.crew.map((person) => [
            person.name,
            person.role,
            person.callTime,
            person.phone,
            person.email,
          ])}
        />
      )}
      {shows.has('vendors') && (
        <Table
          caption="Vendors"
          head={['Vendor', 'Type', 'Contact', 'Phone', 'Email']}
          rows={sheet.vendors.map((vendor) => [
            vendor.name,
            vendor.type,
            vendor.contactName,
            vendor.phone,
            vendor.email,
          ])}
        />
      )}
      {shows.has('contacts') && (
        <Table
          caption="Contacts"
          head={['Role', 'Name', 'Phone', 'Email']}
          rows={sheet.contacts.map((contact) => [
            contact.role,
            contact.name,
            contact.phone,
            contact.email,
          ])}
        />
      )}
      {shows.has('notes') && sheet.notes.length > 0 && (
        <section>
          <h4>Notes</h4>
          <ul>
            {sheet.notes.map((note) => (
              <li key={note} className="ui-preserve-lines">
                {note}
              </li>
            ))}
          </ul>
        </section>
      )}
      {shows.has('safety') && (sheet.safetyNotes || sheet.emergencyInfo) && (
        <section>
          <h4>Safety</h4>
          <ul>
            {sheet.safetyNotes && <li className="ui-preserve-lines">{sheet.safetyNotes}</li>}
            {sheet.emergencyInfo && <li>In an emergency: {sheet.emergencyInfo}</li>}
          </ul>
        </section>
      )}
    </article>
  )
}
