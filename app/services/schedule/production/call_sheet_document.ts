import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { PdfPrinter } from '#services/schedule/exports/pdf_printer'
import type { PrintedDocument, PrintedSection } from '#services/schedule/exports/printed_document'
import { fileStem } from '#services/schedule/exports/printed_document'
import { formatDay } from '#services/schedule/projects/project_days'
import type { CallSheet } from '#services/schedule/production/call_sheets'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** "Tuesday 3 June 2025". */
function longDay(date: string) {
  return `${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]} ${formatDay(date)}`
}

function joined(parts: (string | null | undefined)[], separator = ' · ') {
  const kept = parts.filter((part): part is string => !!part)
  return kept.length > 0 ? kept.join(separator) : null
}

function timeSpan(start: string, end: string | null) {
  return end ? `${start}–${end}` : start
}

/** A column of a call sheet's table: its header, its share of the width, and its cell of a row. */
type SheetColumn<Row> = [header: string, weight: number, cell: (row: Row) => string | null]

/** A section holding one table, a row per item, with what it says when there is none. */
function tableSection<Row>(
  heading: string,
  items: Row[],
  columns: SheetColumn<Row>[],
  empty: string
): PrintedSection {
  return {
    heading,
    table: {
      columns: columns.map(([header, weight]) => ({ header, weight })),
      rows: items.map((item) => columns.map(([, , cell]) => cell(item))),
      empty,
    },
  }
}

/**
 * A call sheet in the printed shape the exports share (title, facts,
 * sections of tables and text), so the PDF and any other writer say the same.
 */
export function callSheetDocument(sheet: CallSheet): PrintedDocument {
  const shows = new Set(sheet.sections)
  const sections: PrintedSection[] = []
  if (shows.has('locations')) {
    const sun = shows.has('sun')
    const sunColumns: SheetColumn<CallSheet['locations'][number]>[] = [
      ['Sunrise', 1, (place) => (place.sun ? (place.sun.sunrise ?? 'No sunrise') : null)],
      ['Sunset', 1, (place) => (place.sun ? (place.sun.sunset ?? 'No sunset') : null)],
    ]
    sections.push({
      ...tableSection(
        'Locations',
        sheet.locations,
        [
          ['Location', 2, (place) => place.name],
          ['Address', 3, (place) => place.address],
          ['For', 2, (place) => place.use],
          ...(sun ? sunColumns : []),
        ],
        'No location set for this day.'
      ),
      list: [
        ...sheet.locations
          .filter((place) => place.mapUrl)
          .map((place) => `Map of ${place.name}: ${place.mapUrl}`),
        ...(sheet.parking ? [`Parking: ${sheet.parking}`] : []),
        ...(sheet.nearestHospital ? [`Nearest hospital: ${sheet.nearestHospital}`] : []),
      ],
    })
  }
  if (shows.has('schedule')) {
    sections.push(
      tableSection(
        'Schedule',
        sheet.schedule,
        [
          ['Time', 1.2, (item) => timeSpan(item.startTime, item.endTime)],
          [
            'Activity',
            3,
            (item) =>
              joined([
                item.marker === 'start' ? 'START' : item.marker === 'end' ? 'END' : null,
                item.name,
              ]),
          ],
          ['Type', 1.5, (item) => item.type],
          ['Where', 2, (item) => item.location],
          ['Who', 3, (item) => item.participants.join(', ') || null],
        ],
        'No activities planned for this day.'
      )
    )
  }
  if (shows.has('crew')) {
    sections.push(
      tableSection(
        'Crew',
        sheet.crew,
        [
          ['Name', 2.5, (person) => person.name],
          ['Role', 2, (person) => person.role],
          ['Call', 1, (person) => person.callTime],
          ['Phone', 2, (person) => person.phone],
          ['Email', 3, (person) => person.email],
        ],
        'No crew on this day.'
      )
    )
  }
  if (shows.has('vendors')) {
    sections.push(
      tableSection(
        'Vendors',
        sheet.vendors,
        [
          ['Vendor', 2.5, (vendor) => vendor.name],
          ['Type', 2, (vendor) => vendor.type],
          ['Contact', 2, (vendor) => vendor.contactName],
          ['Phone', 2, (vendor) => vendor.phone],
          ['Email', 3, (vendor) => vendor.email],
        ],
        'No vendors on this day.'
      )
    )
  }
  if (shows.has('contacts')) {
    sections.push(
      tableSection(
        'Contacts',
        sheet.contacts,
        [
          ['Role', 2, (contact) => contact.role],
          ['Name', 2.5, (contact) => contact.name],
          ['Phone', 2, (contact) => contact.phone],
          ['Email', 3, (contact) => contact.email],
        ],
        'No other contacts.'
      )
    )
  }
  if (shows.has('notes')) {
    sections.push({ heading: 'Notes', list: sheet.notes, empty: 'No notes for this day.' })
  }
  if (shows.has('safety') && (sheet.safetyNotes || sheet.emergencyInfo)) {
    sections.push({
      heading: 'Safety',
      list: [
        ...(sheet.safetyNotes ? [sheet.safetyNotes] : []),
        ...(sheet.emergencyInfo ? [`In an emergency: ${sheet.emergencyInfo}`] : []),
      ],
    })
  }

  const company = shows.has('company')
    ? joined([sheet.company.name, sheet.company.address, sheet.company.phone, sheet.company.email])
    : null
  return {
    kind: 'Call sheet',
    title: joined([sheet.project.name, sheet.title], ' — ')!,
    facts: [
      ['Date', longDay(sheet.date)],
      ['Shoot day', `${sheet.dayNumber} of ${sheet.dayCount}`],
      ['Client', sheet.project.client],
      ['General crew call', sheet.generalCall],
      ['Wrap', sheet.wrapTime],
      ['Weather', sheet.weatherNote],
      ['Production', company],
    ],
    sections,
    fileStem: fileStem(`${sheet.project.name} call sheet ${sheet.date}`),
  }
}

/**
 * Call sheets as one PDF, a day per page or more (tables break across pages
 * with their header row), the production's name in every page's header.
 */
export async function writeCallSheetsPdf(sheets: CallSheet[], out: Writable) {
  const first = sheets[0]
  const printer = new PdfPrinter({
    title: first.project.name,
    subtitle: sheets.length === 1 ? `Call sheet · ${formatDay(first.date)}` : 'Call sheets',
  })
  printer.doc.pipe(out)
  sheets.forEach((sheet, index) => {
    if (index > 0) printer.doc.addPage()
    printer.document(callSheetDocument(sheet), sheet.project.color)
  })
  printer.end()
  await finished(out)
}
