import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { appUrl } from '#config/app'
import type Project from '#models/schedule/project'
import type { CalendarEvent } from '#services/schedule/calendar_sync/calendar_client'
import type { CalendarSyncConfiguration } from '#services/schedule/calendar_sync/calendar_sync_settings'
import { addDays, daysBetween } from '#services/schedule/projects/project_days'
import { Roster } from '#services/schedule/projects/roster'

/** One day's event as the calendar should have it. */
export type PlannedEvent = {
  date: string
  eventId: string
  event: CalendarEvent
  /** Changes whenever anything the calendar would show changes (calendar included). */
  fingerprint: string
}

/**
 * Private properties the sync puts on its events, so they can be told from
 * people's own: the marker (a calendar serves one Schedule) and the project.
 */
export const EVENT_SOURCE = { key: 'scheduleSource', value: 'schedule' } as const
export const EVENT_PROJECT = 'scheduleProjectId'

/**
 * The event id of a project's day: deterministic (so a sync repeated, or
 * run by two instances at once, can never make a second event for the
 * day) and in Google's alphabet (base32hex: a–v and digits). Google keeps a
 * deleted event's id taken; the sync brings such an event back.
 */
export function eventIdOf(projectId: number, date: string) {
  return `p${projectId}d${date.replaceAll('-', '')}`
}

/**
 * What a project's events say, one per project day (spec 3: the date →
 * event id map). A project in the trash, one whose status is not among the
 * allowed, or every project while no calendar is chosen, has none.
 */
@inject()
export class ProjectEvents {
  constructor(protected roster: Roster) {}

  async plan(
    project: Project,
    configuration: CalendarSyncConfiguration,
    trx: TransactionClientContract
  ): Promise<Map<string, PlannedEvent>> {
    const planned = new Map<string, PlannedEvent>()
    const { calendarId, allowedStatuses, descriptionFields: fields, timezone } = configuration
    if (
      !calendarId ||
      project.deletedAt !== null ||
      project.projectStatusId === null ||
      !allowedStatuses.includes(project.projectStatusId)
    ) {
      return planned
    }
    const context = await this.context(project, trx)
    for (let offset = 0; offset <= daysBetween(project.startDate, project.endDate); offset++) {
      const date = addDays(project.startDate, offset)
      const day = context.days.get(date)
      const location =
        (day?.locationId ? context.locations.get(day.locationId) : null) ??
        (project.locationId ? context.locations.get(project.locationId) : null)
      const lines: string[] = []
      if (fields.client && context.client) {
        lines.push(`Client: ${context.client}`)
      }
      if (fields.status && context.status) {
        lines.push(`Status: ${context.status}`)
      }
      if (fields.dayDetails && day) {
        if (day.title) lines.push(day.title)
        if (day.callTime) lines.push(`Call: ${day.callTime}`)
        if (day.wrapTime) lines.push(`Wrap: ${day.wrapTime}`)
        if (day.notes) lines.push(day.notes)
      }
      if (fields.people) {
        const booked = context.people(date)
        if (booked.length > 0) {
          lines.push('', 'Booked:', ...booked.map((person) => `- ${person}`))
        }
      }
      if (fields.notes && project.notes) {
        lines.push('', project.notes)
      }
      if (fields.link) {
        lines.push('', `${appUrl.replace(/\/+$/, '')}/projects/${project.id}`)
      }
      const timed = fields.dayDetails && day?.callTime && day.wrapTime
      const event: CalendarEvent = {
        summary: project.name,
        location: location ?? undefined,
        description: lines.join('\n').trim() || undefined,
        start: timed ? { dateTime: `${date}T${day.callTime}:00`, timeZone: timezone } : { date },
        // All-day ends are exclusive; a wrap at or before the call is the next morning.
        end: timed
          ? {
              dateTime: `${day.wrapTime! > day.callTime! ? date : addDays(date, 1)}T${day.wrapTime}:00`,
              timeZone: timezone,
            }
          : { date: addDays(date, 1) },
        status: 'confirmed',
        extendedProperties: {
          private: {
            [EVENT_SOURCE.key]: EVENT_SOURCE.value,
            [EVENT_PROJECT]: String(project.id),
            scheduleDate: date,
          },
        },
      }
      const eventId = eventIdOf(project.id, date)
      planned.set(date, {
        date,
        eventId,
        event,
        fingerprint: createHash('sha256')
          .update(JSON.stringify({ calendarId, eventId, event }))
          .digest('base64url')
          .slice(0, 22),
      })
    }
    return planned
  }

  /** Names and day details the events draw on, read once per project. */
  protected async context(project: Project, trx: TransactionClientContract) {
    // One after the other: a transaction's connection runs one query at a time.
    const client = project.clientId
      ? await trx.from('clients').where('id', project.clientId).select('name').first()
      : null
    const status = project.projectStatusId
      ? await trx
          .from('project_statuses')
          .where('id', project.projectStatusId)
          .select('name')
          .first()
      : null
    const days = await trx
      .from('project_day_info')
      .where('project_id', project.id)
      .select(
        trx.raw(`to_char(date, 'YYYY-MM-DD') as date`),
        'title',
        'call_time',
        'wrap_time',
        'notes',
        'location_id'
      )
    const locationIds = [project.locationId, ...days.map((row) => row.location_id)].filter(
      (id): id is number => typeof id === 'number'
    )
    const locations = await trx
      .from('locations')
      .whereIn('id', locationIds)
      .whereNull('deleted_at')
      .select('id', 'name', 'address')
    const roster = await this.roster.entries(project.id)
    const statuses = await trx.from('statuses').select('id', 'books_person')
    const roles = await trx.from('crew_roles').select('id', 'name')
    const books = new Map<number, boolean>(statuses.map((row) => [row.id, row.books_person]))
    const roleNames = new Map<number, string>(roles.map((row) => [row.id, row.name]))
    return {
      client: (client?.name as string | undefined) ?? null,
      status: (status?.name as string | undefined) ?? null,
      days: new Map(
        days.map((row) => [
          row.date as string,
          {
            title: row.title as string | null,
            callTime: clock(row.call_time),
            wrapTime: clock(row.wrap_time),
            notes: row.notes as string | null,
            locationId: row.location_id as number | null,
          },
        ])
      ),
      locations: new Map<number, string>(
        locations.map((row) => [
          row.id,
          // The address after the name, unless it only repeats it.
          row.address && row.address !== row.name ? `${row.name}, ${row.address}` : row.name,
        ])
      ),
      /** Who works that day: a status that books, and the day not taken out. */
      people: (date: string) =>
        roster
          .filter((entry) => entry.statusId === null || books.get(entry.statusId) !== false)
          .filter(
            (entry) => !entry.dayNotes.some((note) => note.date === date && !note.isScheduled)
          )
          .map((entry) => {
            const role = entry.crewRoleId ? roleNames.get(entry.crewRoleId) : null
            return role ? `${entry.name} (${role})` : entry.name
          }),
    }
  }
}

function clock(value: unknown) {
  return typeof value === 'string' && value !== '' ? value : null
}
