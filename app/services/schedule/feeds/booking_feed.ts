import { createHash } from 'node:crypto'
import ical, { ICalEventStatus } from 'ical-generator'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { FeedResource } from '#models/schedule/calendar_feed'
import { appUrl } from '#config/app'
import { ResourceBookings } from '#services/schedule/calendar/resource_bookings'
import { addDays, daysBetween, today } from '#services/schedule/projects/project_days'
import { ROSTER_TABLES } from '#services/schedule/projects/project_records'

/** How far back and ahead a feed reaches: calendar apps keep what they saw. */
const FEED_DAYS_BACK = 90
const FEED_DAYS_AHEAD = 540

/**
 * How often calendar apps should poll. Google ignores it (it refreshes every
 * 8–24 h); Apple and Thunderbird follow it. The ETag makes a poll that finds
 * nothing new a 304 without a body.
 */
export const FEED_REFRESH_SECONDS = 60 * 60

/** A project status of this name takes the project out of every feed. */
const CANCELLED_PROJECT_STATUS = 'cancelled'

export type RenderedFeed = { body: string; etag: string }

type ProjectFacts = {
  id: number
  clientName: string | null
  locationId: number | null
  statusName: string | null
  updatedAt: Date
}

type DayFacts = {
  projectId: number
  date: string
  title: string | null
  callTime: string | null
  wrapTime: string | null
  locationId: number | null
  updatedAt: Date
}

function latest(...moments: (Date | null | undefined)[]) {
  return new Date(Math.max(...moments.filter((m): m is Date => !!m).map((m) => m.getTime())))
}

function utcMidnight(day: string) {
  return new Date(`${day}T00:00:00Z`)
}

/**
 * A crew member's or vendor's bookings as an iCalendar feed (RFC 5545,
 * written by ical-generator: CRLF line ends, lines folded at 75 octets
 * between UTF-8 characters, text escaped). One all-day event per day they
 * work, with the project, its location (the day's own if set), the call
 * time and the booking's status. Bookings whose status does not book the
 * person (Asked, Declined), days taken out, projects in the trash or
 * cancelled are left out. The text depends only on the data: UIDs are
 * built from the booking and the day, DTSTAMP is the last change of what
 * the event shows, so the ETag (a hash of the text) changes exactly when
 * the feed does.
 */
@inject()
export class BookingFeed {
  constructor(protected bookings: ResourceBookings) {}

  async render(kind: FeedResource, resourceId: number, personName: string): Promise<RenderedFeed> {
    const from = addDays(today(), -FEED_DAYS_BACK)
    const to = addDays(today(), FEED_DAYS_AHEAD)
    const bookings = await this.bookings.of(kind, resourceId, { from, to })
    const host = new URL(appUrl).host

    const statusRows = await db.from('statuses').select('id', 'name', 'books_person')
    const statuses = new Map<number, { name: string; booksPerson: boolean }>(
      statusRows.map((row) => [row.id, { name: row.name, booksPerson: row.books_person }])
    )
    const booked = bookings.filter(
      (booking) => booking.statusId === null || statuses.get(booking.statusId)?.booksPerson
    )
    const projectIds = [...new Set(booked.map((booking) => booking.projectId))]
    const projects = await this.projects(projectIds)
    const days = await this.days(projectIds)
    const assignmentStamps = await this.assignmentStamps(
      kind,
      booked.map((b) => b.assignmentId)
    )
    const locationIds = [
      ...[...projects.values()].map((project) => project.locationId),
      ...[...days.values()].map((day) => day.locationId),
    ].filter((id): id is number => id !== null)
    const locations = await this.locations(locationIds)

    const calendar = ical({
      name: `${personName}: bookings`,
      prodId: { company: host, product: 'schedule', language: 'EN' },
      ttl: FEED_REFRESH_SECONDS,
    })
    for (const booking of booked) {
      const project = projects.get(booking.projectId)
      if (!project || project.statusName?.toLowerCase() === CANCELLED_PROJECT_STATUS) {
        continue
      }
      const status = booking.statusId === null ? null : statuses.get(booking.statusId)!
      const unscheduled = new Set(booking.unscheduled)
      for (let offset = 0; offset <= daysBetween(booking.startDate, booking.endDate); offset++) {
        const date = addDays(booking.startDate, offset)
        if (unscheduled.has(date) || date < from || date > to) {
          continue
        }
        const day = days.get(`${booking.projectId}:${date}`)
        const location = locations.get(day?.locationId ?? project.locationId ?? -1)
        const lines = [
          status && `Status: ${status.name}`,
          project.clientName && `Client: ${project.clientName}`,
          day?.title && `Day: ${day.title}`,
          day?.callTime && `Call time: ${day.callTime}`,
          day?.wrapTime && `Wrap: ${day.wrapTime}`,
          booking.notes[date] && `Note: ${booking.notes[date]}`,
        ].filter(Boolean)
        calendar.createEvent({
          id: `${kind}-booking-${booking.assignmentId}-${date}@${host}`,
          allDay: true,
          start: utcMidnight(date),
          // All-day DTEND is exclusive: the day after.
          end: utcMidnight(addDays(date, 1)),
          summary: booking.projectName,
          description: lines.join('\n') || null,
          location: location ? [location.name, location.address].filter(Boolean).join(', ') : null,
          status:
            status?.name.toLowerCase() === 'confirmed'
              ? ICalEventStatus.CONFIRMED
              : ICalEventStatus.TENTATIVE,
          stamp: latest(
            project.updatedAt,
            assignmentStamps.get(booking.assignmentId),
            day?.updatedAt
          ),
        })
      }
    }
    const body = calendar.toString()
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
    return { body, etag }
  }

  protected async projects(ids: number[]) {
    const rows: ProjectFacts[] = ids.length
      ? await db
          .from('projects as p')
          .leftJoin('clients as c', 'c.id', 'p.client_id')
          .leftJoin('project_statuses as s', 's.id', 'p.project_status_id')
          .whereIn('p.id', ids)
          .select(
            'p.id',
            'c.name as clientName',
            'p.location_id as locationId',
            's.name as statusName',
            db.raw('coalesce(p.updated_at, p.created_at) as "updatedAt"')
          )
      : []
    return new Map(rows.map((row) => [row.id, row]))
  }

  protected async days(projectIds: number[]) {
    const rows: DayFacts[] = projectIds.length
      ? await db
          .from('project_day_info')
          .whereIn('project_id', projectIds)
          .select(
            'project_id as projectId',
            'date',
            'title',
            'call_time as callTime',
            'wrap_time as wrapTime',
            'location_id as locationId',
            db.raw('coalesce(updated_at, created_at) as "updatedAt"')
          )
      : []
    return new Map(rows.map((row) => [`${row.projectId}:${row.date}`, row]))
  }

  protected async assignmentStamps(kind: FeedResource, ids: number[]) {
    const rows: { id: number; stamp: Date }[] = ids.length
      ? await db
          .from(ROSTER_TABLES[kind].assignments)
          .whereIn('id', ids)
          .select('id', db.raw('coalesce(updated_at, created_at) as stamp'))
      : []
    return new Map(rows.map((row) => [row.id, row.stamp]))
  }

  protected async locations(ids: number[]) {
    const rows: { id: number; name: string; address: string | null }[] = ids.length
      ? await db
          .from('locations')
          .whereIn('id', [...new Set(ids)])
          .whereNull('deleted_at')
          .select('id', 'name', 'address')
      : []
    return new Map(rows.map((row) => [row.id, row]))
  }
}
