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

/**
 * A call sheet in the printed shape the exports share (title, facts,
 * sections of tables and text), so the PDF and any other writer say the same.
 */
export function callSheetDocument(sheet: CallSheet): PrintedDocument {
  const shows = new Set(sheet.sections)
  const sections: PrintedSection[] = []
  if (shows.has('locations')) {
    sections.push({
      heading: 'Locations',
      table: {
        columns: [
          { header: 'Location', weight: 2 },
          { header: 'Address', weight: 3 },
          { header: 'For', weight: 2 },
          ...(shows.has('sun')
            ? [
                { header: 'Sunrise', weight: 1 },
                { header: 'Sunset', weight: 1 },
              ]
            : []),
        ],
        rows: sheet.locations.map((place) => [
          place.name,
          place.address,
          place.use,
          ...(shows.has('sun')
            ? [
                place.sun ? (place.sun.sunrise ?? 'No sunrise') : null,
                place.sun ? (place.sun.sunset ?? 'No sunset') : null,
              ]
            : []),
        ]),
        empty: 'No location set for this day.',
      },
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
    sections.push({
      heading: 'Schedule',
      table: {
        columns: [
          { header: 'Time', weight: 1.2 },
          { header: 'Activity', weight: 3 },
          { header: 'Type', weight: 1.5 },
          { header: 'Where', weight: 2 },
          { header: 'Who', weight: 3 },
        ],
        rows: sheet.schedule.map((item) => [
          timeSpan(item.startTime, item.endTime),
          joined([
            item.marker === 'start' ? 'START' : item.marker === 'end' ? 'END' : null,
            item.name,
          ]),
          item.type,
          item.location,
          item.participants.join(', ') || null,
        ]),
        empty: 'No activities planned for this day.',
      },
    })
  }
  if (shows.has('crew')) {
    sections.push({
      heading: 'Crew',
      table: {
        columns: [
          { header: 'Name', weight: 2.5 },
          { header: 'Role', weight: 2 },
          { header: 'Call', weight: 1 },
          { header: 'Phone', weight: 2 },
          { header: 'Email', weight: 3 },
        ],
        rows: sheet.crew.map((person) => [
          person.name,
          person.role,
          person.callTime,
          person.phone,
          person.email,
        ]),
        empty: 'No crew on this day.',
      },
    })
  }
  if (shows.has('vendors')) {
    sections.push({
      heading: 'Vendors',
      table: {
        columns: [
          { header: 'Vendor', weight: 2.5 },
          { header: 'Type', weight: 2 },
          { header: 'Contact', weight: 2 },
          { header: 'Phone', weight: 2 },
          { header: 'Email', weight: 3 },
        ],
        rows: sheet.vendors.map((vendor) => [
          vendor.name,
          vendor.type,
          vendor.contactName,
          vendor.phone,
          vendor.email,
        ]),
        empty: 'No vendors on this day.',
      },
    })
  }
  if (shows.has('contacts')) {
    sections.push({
      heading: 'Contacts',
      table: {
        columns: [
          { header: 'Role', weight: 2 },
          { header: 'Name', weight: 2.5 },
          { header: 'Phone', weight: 2 },
          { header: 'Email', weight: 3 },
        ],
        rows: sheet.contacts.map((contact) => [
          contact.role,
          contact.name,
          contact.phone,
          contact.email,
        ]),
        empty: 'No other contacts.',
      },
    })
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
