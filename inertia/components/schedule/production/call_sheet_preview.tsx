import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { formatDay } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { FactList } from '~/components/shared/ui/fact_list'
import type { Data } from '~generated/data'

type Sheet = Data.Schedule.CallSheet

type SheetTable = {
  caption: string
  head: string[]
  rows: (string | null)[][]
  /** What the sheet prints under the table (the locations' map links). */
  after?: ReactNode
}

function Table({ caption, head, rows }: SheetTable) {
  return (
    // A phone scrolls a wide table sideways: the keyboard scrolls it once it has the focus.
    <div className="ui-table-wrap" role="region" aria-label={caption} tabIndex={0}>
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

function timeSpan(start: string, end: string | null) {
  return end ? `${start}–${end}` : start
}

/** The sheet's tables in print order, those the configuration shows. */
function tablesOf(sheet: Sheet): SheetTable[] {
  const shows = new Set<string>(sheet.sections)
  const sun = shows.has('sun')
  const tables: (SheetTable | false)[] = [
    shows.has('locations') && {
      caption: 'Locations',
      head: ['Location', 'Address', 'For', ...(sun ? ['Sunrise', 'Sunset'] : [])],
      rows: sheet.locations.map((place) => [
        place.name,
        place.address,
        place.use,
        ...(sun ? [place.sun?.sunrise ?? null, place.sun?.sunset ?? null] : []),
      ]),
      after: (
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
      ),
    },
    shows.has('schedule') && {
      caption: 'Schedule',
      head: ['Time', 'Activity', 'Type', 'Where', 'Who'],
      rows: sheet.schedule.map((item) => [
        timeSpan(item.startTime, item.endTime),
        `${item.marker ? `${item.marker.toUpperCase()} · ` : ''}${item.name}`,
        item.type,
        item.location,
        item.participants.join(', '),
      ]),
    },
    shows.has('crew') && {
      caption: 'Crew',
      head: ['Name', 'Role', 'Call', 'Phone', 'Email'],
      rows: sheet.crew.map((person) => [
        person.name,
        person.role,
        person.callTime,
        person.phone,
        person.email,
      ]),
    },
    shows.has('vendors') && {
      caption: 'Vendors',
      head: ['Vendor', 'Type', 'Contact', 'Phone', 'Email'],
      rows: sheet.vendors.map((vendor) => [
        vendor.name,
        vendor.type,
        vendor.contactName,
        vendor.phone,
        vendor.email,
      ]),
    },
    shows.has('contacts') && {
      caption: 'Contacts',
      head: ['Role', 'Name', 'Phone', 'Email'],
      rows: sheet.contacts.map((contact) => [
        contact.role,
        contact.name,
        contact.phone,
        contact.email,
      ]),
    },
  ]
  return tables.filter((table): table is SheetTable => table !== false)
}

/**
 * A day's call sheet as the PDF prints it, section by section; the print
 * stylesheet (schedule.css) prints this alone. `url` answers the sheet
 * (a project's route, or a share link's); it is read again whenever
 * `version` changes, so a saved change shows at once.
 */
export function CallSheetPreview({
  url,
  pdfUrl,
  version = 0,
}: {
  url: string
  pdfUrl: string
  version?: number
}) {
  const [sheet, setSheet] = useState<Sheet | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    api<Sheet>('GET', url).then(
      (loaded) => current && (setSheet(loaded), setFailure(null)),
      (error) => current && setFailure(errorMessage(error))
    )
    // An answer for a day or version no longer shown must not land.
    return () => {
      current = false
    }
  }, [url, version])
  if (failure) return <p className="ui-notice ui-notice-danger">{failure}</p>
  if (!sheet) return <p className="ui-muted">Loading the call sheet…</p>
  const shows = new Set<string>(sheet.sections)
  const company = shows.has('company')
    ? [sheet.company.name, sheet.company.address, sheet.company.phone, sheet.company.email]
        .filter(Boolean)
        .join(' · ')
    : null
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
        <FactList
          facts={[
            { label: 'Date', value: formatDay(sheet.date) },
            sheet.project.client && { label: 'Client', value: sheet.project.client },
            sheet.generalCall && { label: 'General crew call', value: sheet.generalCall },
            sheet.wrapTime && { label: 'Wrap', value: sheet.wrapTime },
            sheet.weatherNote && { label: 'Weather', value: sheet.weatherNote },
            company && { label: 'Production', value: company },
          ]}
        />
      </header>
      {tablesOf(sheet).map((table) => (
        <Fragment key={table.caption}>
          <Table {...table} />
          {table.after}
        </Fragment>
      ))}
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
