import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Project from '#models/schedule/project'
import {
  CalendarApiError,
  CalendarClient,
  CalendarNotConfiguredError,
} from '#services/schedule/calendar_sync/calendar_client'
import {
  CalendarSyncSettings,
  type CalendarSyncChanges,
  type CalendarSyncConfiguration,
  type SyncError,
  type SyncResult,
} from '#services/schedule/calendar_sync/calendar_sync_settings'
import {
  EVENT_PROJECT,
  EVENT_SOURCE,
  ProjectEvents,
  type PlannedEvent,
} from '#services/schedule/calendar_sync/project_events'
import { CalendarSyncQueue } from '#services/schedule/calendar_sync/calendar_sync_queue'
import { checkReference } from '#services/schedule/projects/project_records'

/** What one project's sync did. */
export type ProjectSyncOutcome = {
  projectId: number
  projectName: string
  /** Events inserted or changed. */
  written: number
  removed: number
  unchanged: number
  /** The first failure; the other days were still tried unless Google asked to slow down. */
  error: CalendarApiError | null
}

export type SyncProgress = {
  index: number
  total: number
  outcome: ProjectSyncOutcome
}

export type CalendarTestResult = { success: boolean; calendarName?: string; error?: string }

/* Advisory lock of one project's sync: pg_advisory_xact_lock(class, project id). */
const LOCK_CLASS = 0x6361_6c73

/**
 * One-way sync of projects to a Google calendar (spec 3, calendar sync):
 * each project day of a project whose status is allowed is one event with a
 * deterministic id; what the project no longer has (a day moved away, the
 * project trashed or out of the allowed statuses) is deleted. The date →
 * event id map on the project says what exists; fingerprints say what each
 * event last said, so a sync that finds nothing changed sends nothing.
 */
@inject()
export class CalendarSync {
  constructor(
    protected client: CalendarClient,
    protected settings: CalendarSyncSettings,
    protected events: ProjectEvents,
    protected queue: CalendarSyncQueue
  ) {}

  /**
   * Brings one project's events in line with the project. Syncs of one
   * project never overlap (an advisory lock, waited for); the map is saved
   * with what was done even when a day failed, so the next try goes on
   * from there. Null for a project that no longer exists, and while no
   * calendar is chosen.
   */
  async syncProject(
    projectId: number,
    configuration?: CalendarSyncConfiguration
  ): Promise<ProjectSyncOutcome | null> {
    this.assertConfigured()
    const settings = configuration ?? (await this.settings.configuration())
    const calendarId = settings.calendarId
    // No calendar chosen (the sync turned off): events already made stay where they are.
    if (!calendarId) {
      return null
    }
    return db.transaction(async (trx) => {
      await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [LOCK_CLASS, projectId])
      const project = await Project.query({ client: trx }).where('id', projectId).first()
      if (!project) {
        return null
      }
      const planned = await this.events.plan(project, settings, trx)
      return this.apply(project, planned, calendarId, trx)
    })
  }

  /**
   * Every project that has events or should have some, one after the other
   * with a line of progress each; one project's failure is counted and the
   * run goes on. Then the events of projects removed for good. Records the
   * run (calsync_last_sync_at and _result).
   */
  async syncAll(onProgress: (progress: SyncProgress) => void = () => {}): Promise<SyncResult> {
    this.assertConfigured()
    const settings = await this.settings.configuration()
    const result = await this.runAll(settings, onProgress)
    await this.settings.recordRun(result)
    return result
  }

  /** GET /api/admin/calsync/status: the key, the settings, the last run. */
  async status() {
    const configuration = await this.settings.configuration()
    const lastSync = await this.settings.lastSync()
    const counted = await db
      .from('projects')
      .whereRaw(`calendar_event_ids <> '{}'::jsonb`)
      .count('* as total')
      .first()
    const projectStatuses = await db
      .from('project_statuses')
      .orderBy('sort_order')
      .orderBy('name')
      .select('id', 'name')
    return {
      configured: this.client.configured,
      serviceAccountEmail: this.client.serviceAccountEmail,
      problem: this.client.configured ? null : this.notConfiguredMessage(),
      settings: configuration,
      lastSyncAt: lastSync.at,
      lastSyncResult: lastSync.result,
      projectsWithEvents: Number(counted?.total ?? 0),
      projectStatuses: projectStatuses as { id: number; name: string }[],
    }
  }

  /**
   * PATCH /api/admin/calsync/settings. Allowed statuses must exist. A
   * project newly allowed or left out gets its events at the next sync.
   */
  async updateSettings(changes: CalendarSyncChanges) {
    for (const [index, id] of (changes.allowedStatuses ?? []).entries()) {
      await checkReference('projectStatuses', `allowedStatuses.${index}`, id)
    }
    await this.settings.update(changes)
  }

  /** POST /api/admin/calsync/test: can the service account see this calendar? */
  async test(calendarId: string): Promise<CalendarTestResult> {
    if (!this.client.configured) {
      return { success: false, error: this.notConfiguredMessage() }
    }
    try {
      return { success: true, calendarName: await this.client.calendarName(calendarId) }
    } catch (error) {
      return { success: false, error: this.explain(error, calendarId) }
    }
  }

  /** An admin has chosen the calendar (the sync is on). */
  async calendarChosen() {
    const { calendarId } = await this.settings.configuration()
    return calendarId !== null
  }

  /** CALENDAR_SERVICE_KEY holds a usable key. */
  get configured() {
    return this.client.configured
  }

  /** Why the sync cannot run in this process, or null when it can (the key alone). */
  notConfiguredMessage() {
    return this.client.keyProblem ?? new CalendarNotConfiguredError().message
  }

  protected async runAll(
    settings: CalendarSyncConfiguration,
    onProgress: (progress: SyncProgress) => void
  ): Promise<SyncResult> {
    if (!settings.calendarId) {
      return {
        synced: 0,
        errors: [{ projectId: null, projectName: null, message: 'No calendar is chosen yet' }],
      }
    }
    // A calendar the account cannot use fails every project the same way: say it once.
    const check = await this.test(settings.calendarId)
    if (!check.success) {
      return { synced: 0, errors: [{ projectId: null, projectName: null, message: check.error! }] }
    }
    const ids = await this.candidates(settings)
    const errors: SyncError[] = []
    let synced = 0
    for (const [index, projectId] of ids.entries()) {
      let outcome: ProjectSyncOutcome | null
      try {
        outcome = await this.syncProject(projectId, settings)
      } catch (error) {
        // Not the calendar's answer (the database, a bug): this project only, and the log.
        logger.error({ err: error, projectId }, 'the calendar sync of a project failed')
        const project = await Project.find(projectId)
        outcome = {
          projectId,
          projectName: project?.name ?? `#${projectId}`,
          written: 0,
          removed: 0,
          unchanged: 0,
          error: new CalendarApiError((error as Error).message, 'invalid', null, null, {
            cause: error,
          }),
        }
      }
      if (!outcome) {
        continue
      }
      if (outcome.error) {
        // Google asked to slow down or failed: the project's job tries again with backoff.
        const retried = outcome.error.transient
        if (retried) {
          await this.queue.projectChanged(projectId)
        }
        errors.push({
          projectId,
          projectName: outcome.projectName,
          message: retried
            ? `${outcome.error.message}; it is tried again in the background`
            : outcome.error.message,
        })
      } else {
        synced++
      }
      onProgress({ index: index + 1, total: ids.length, outcome })
    }
    try {
      await this.removeOrphans(settings.calendarId)
    } catch (error) {
      if (!(error instanceof CalendarApiError)) {
        throw error
      }
      errors.push({
        projectId: null,
        projectName: null,
        message: `Events of projects removed for good: ${error.message}`,
      })
    }
    return { synced, errors }
  }

  /**
   * Deletes the sync's events whose project is gone for good (removed from
   * the trash before its sync ran, or a map lost with a restored database):
   * no project map names them any more, so only the calendar can.
   */
  protected async removeOrphans(calendarId: string) {
    const marked = await this.client.eventsMarked(calendarId, EVENT_SOURCE.key, EVENT_SOURCE.value)
    const rows = await db.from('projects').select('id')
    const existing = new Set(rows.map((row) => String(row.id)))
    for (const event of marked) {
      const projectId = event.extendedProperties?.private?.[EVENT_PROJECT]
      if (event.id && projectId && !existing.has(projectId)) {
        await this.client.deleteEvent(calendarId, event.id)
      }
    }
  }

  /** Projects whose status is allowed and not in the trash, and those with events left. */
  protected async candidates(settings: CalendarSyncConfiguration) {
    const rows = await db
      .from('projects')
      .where((query) => {
        query
          .where((allowed) =>
            allowed.whereNull('deleted_at').whereIn('project_status_id', settings.allowedStatuses)
          )
          .orWhereRaw(`calendar_event_ids <> '{}'::jsonb`)
      })
      .orderBy('start_date')
      .orderBy('id')
      .select('id')
    return rows.map((row) => row.id as number)
  }

  protected async apply(
    project: Project,
    planned: Map<string, PlannedEvent>,
    calendarId: string,
    trx: TransactionClientContract
  ): Promise<ProjectSyncOutcome> {
    const ids = { ...project.calendarEventIds }
    const fingerprints = { ...project.calendarEventFingerprints }
    const outcome: ProjectSyncOutcome = {
      projectId: project.id,
      projectName: project.name,
      written: 0,
      removed: 0,
      unchanged: 0,
      error: null,
    }
    const work: (() => Promise<void>)[] = []
    for (const day of planned.values()) {
      if (ids[day.date] === day.eventId && fingerprints[day.date] === day.fingerprint) {
        outcome.unchanged++
        continue
      }
      work.push(async () => {
        await this.write(calendarId, day, ids[day.date] === day.eventId)
        ids[day.date] = day.eventId
        fingerprints[day.date] = day.fingerprint
        outcome.written++
      })
    }
    for (const [date, eventId] of Object.entries(ids)) {
      if (planned.has(date)) {
        continue
      }
      work.push(async () => {
        await this.client.deleteEvent(calendarId, eventId)
        delete ids[date]
        delete fingerprints[date]
        outcome.removed++
      })
    }
    for (const step of work) {
      try {
        await step()
      } catch (error) {
        if (!(error instanceof CalendarApiError)) {
          throw error
        }
        outcome.error ??= error
        // Slowing down, or no calendar to write to: the remaining days would fail alike.
        if (error.transient || error.kind === 'key') {
          break
        }
      }
    }
    await trx
      .from('projects')
      .where('id', project.id)
      .update({
        calendar_event_ids: JSON.stringify(ids),
        calendar_event_fingerprints: JSON.stringify(fingerprints),
      })
    return outcome
  }

  /**
   * Inserts the day's event, or replaces it when it was written before. An
   * id Google already holds (a deleted event keeps its id) is replaced, which
   * brings a deleted event back; an event gone from a new calendar is inserted.
   */
  protected async write(calendarId: string, day: PlannedEvent, known: boolean) {
    if (known) {
      try {
        return await this.client.updateEvent(calendarId, day.eventId, day.event)
      } catch (error) {
        if (!(error instanceof CalendarApiError && error.kind === 'not_found')) {
          throw error
        }
      }
    }
    try {
      await this.client.insertEvent(calendarId, day.eventId, day.event)
    } catch (error) {
      if (!(error instanceof CalendarApiError && error.kind === 'duplicate')) {
        throw error
      }
      await this.client.updateEvent(calendarId, day.eventId, day.event)
    }
  }

  protected assertConfigured() {
    if (!this.client.configured) {
      throw new CalendarNotConfiguredError()
    }
  }

  /** A failure of the test in words an admin can act on. */
  protected explain(error: unknown, calendarId: string) {
    if (!(error instanceof CalendarApiError)) {
      throw error
    }
    switch (error.kind) {
      case 'not_found':
        return `The service account cannot see the calendar ${calendarId}. In Google Calendar, open the calendar's settings, "Share with specific people", and add ${this.client.serviceAccountEmail} with "Make changes to events".`
      case 'key':
        // No status: the key could not even sign a request (its own message says so).
        if (error.status === null) {
          return error.message
        }
        return `Google refused the service-account key: CALENDAR_SERVICE_KEY may be wrong, or the key was deleted. Create a new JSON key for ${this.client.serviceAccountEmail} and set it.`
      case 'unreachable':
        return `${error.message}. Check the server's network (and CALENDAR_API_URL when set).`
      default:
        return error.message
    }
  }
}
