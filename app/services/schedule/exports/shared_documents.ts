import { serializer } from '#services/shared/serialize'
import type { ShareView } from '#services/schedule/sharing/share_view'
import ShareViewTransformer from '#transformers/schedule/share_view_transformer'
import { formatDay, formatDays } from '#services/schedule/projects/project_days'
import { eachDay } from '#services/schedule/sharing/share_view'
import {
  dayInfoTable,
  dayNotesText,
  dayRanges,
  type ItemDocument,
} from '#services/schedule/exports/item_documents'
import { fileStem } from '#services/schedule/exports/printed_document'

type Place = { name: string; address: string | null } | null

/** What the share page shows (ShareViewTransformer's forRecipient), as this module reads it. */
type Recipient = {
  label: string | null
  expiresAt: string | null
  project?: {
    name: string
    startDate: string
    endDate: string
    color: string
    client: string | null
    location: Place
    days: {
      date: string
      title: string | null
      callTime: string | null
      wrapTime: string | null
      notes: string | null
      location: Place
    }[]
    roster: {
      kind: 'crew' | 'vendor'
      name: string
      role: string | null
      days: string[]
      notes: Record<string, string>
    }[]
  }
  person?: {
    kind: 'crew' | 'vendor'
    name: string
    role: string | null
    bookings: {
      projectName: string
      startDate: string
      endDate: string
      color: string
      location: Place
      days: string[]
      notes: Record<string, string>
    }[]
  }
}

/** "3 May 2030 14:00 UTC": when the link stops working, as the page says it. */
function until(expiresAt: string | null) {
  if (!expiresAt) return null
  const utc = new Date(expiresAt).toISOString()
  return `${formatDay(utc.slice(0, 10))} ${utc.slice(11, 16)} UTC`
}

function place(value: Place) {
  return value ? [value.name, value.address].filter(Boolean).join(' · ') : null
}

function days(worked: string[], start: string, end: string) {
  if (worked.length === 0) return 'No days scheduled'
  return worked.length === eachDay(start, end).length ? 'Every day' : dayRanges(worked)
}

/**
 * A share link's item as a document: exactly what its page shows a
 * recipient (the same transformer variant), so an export holds no status,
 * contact detail or internal note the page leaves out.
 */
export async function sharedDocument(
  opened: Awaited<ReturnType<ShareView['open']>>
): Promise<ItemDocument> {
  const shared = (await serializer.serialize(
    ShareViewTransformer.transform(opened).useVariant('forRecipient')
  )) as Recipient
  if (shared.project) {
    const project = shared.project
    return {
      color: project.color,
      document: {
        kind: 'Shared project',
        title: project.name,
        fileStem: fileStem(project.name),
        facts: [
          ['Dates', formatDays(project.startDate, project.endDate)],
          ['Client', project.client],
          ['Location', place(project.location)],
          ['Link works until', until(shared.expiresAt)],
        ],
        sections: [
          {
            heading: 'Days',
            table: dayInfoTable(
              project.days
                .filter(
                  (day) => day.title || day.callTime || day.wrapTime || day.notes || day.location
                )
                .map((day) => ({ ...day, place: place(day.location) }))
            ),
          },
          {
            heading: 'Who is on it',
            table: {
              columns: [
                { header: 'Name', weight: 3 },
                { header: 'Role', weight: 2 },
                { header: 'Days', weight: 3 },
                { header: 'Day notes', weight: 3.5 },
              ],
              rows: project.roster.map((entry) => [
                entry.name,
                entry.role ?? (entry.kind === 'vendor' ? 'Vendor' : null),
                days(entry.days, project.startDate, project.endDate),
                dayNotesText(entry.notes) || null,
              ]),
              empty: 'Nobody is booked yet.',
            },
          },
        ],
      },
    }
  }
  const person = shared.person!
  return {
    document: {
      kind: person.role ?? (person.kind === 'crew' ? 'Crew' : 'Vendor'),
      title: person.name,
      fileStem: fileStem(person.name),
      facts: [['Link works until', until(shared.expiresAt)]],
      sections: [
        {
          heading: 'Bookings from 30 days ago onwards',
          table: {
            columns: [
              { header: 'Project', weight: 3 },
              { header: 'Dates', weight: 3 },
              { header: 'Location', weight: 3 },
              { header: 'Working', weight: 3 },
              { header: 'Day notes', weight: 3 },
            ],
            rows: person.bookings.map((booking) => [
              booking.projectName,
              formatDays(booking.startDate, booking.endDate),
              place(booking.location),
              days(booking.days, booking.startDate, booking.endDate),
              dayNotesText(booking.notes) || null,
            ]),
            empty: 'No bookings at the moment.',
          },
        },
      ],
    },
  }
}
