import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { CalendarClient } from '#services/schedule/calendar_sync/calendar_client'
import { CalendarSyncSettings } from '#services/schedule/calendar_sync/calendar_sync_settings'

export const CALENDAR_SYNC_PROJECT_JOB = 'schedule.calendar-sync-project'

/**
 * Seconds a project's sync waits after a change: edits made in a row (a
 * field saved as it is left, a drag, then another) make one sync.
 */
export const CALENDAR_SYNC_DEBOUNCE_SECONDS = 10

/**
 * Queues a project's calendar sync when the project changes. The job is
 * created in the change's own transaction (a change rolled back queues
 * nothing) and keyed by the project on a `stately` queue: while one waits,
 * further changes add none, and a change during a run queues exactly one
 * more, which then sees it.
 */
@inject()
export class CalendarSyncQueue {
  constructor(
    protected jobs: JobRuntime,
    protected client: CalendarClient,
    protected settings: CalendarSyncSettings
  ) {}

  async projectChanged(projectId: number, trx?: TransactionClientContract) {
    if (!this.client.configured) {
      return
    }
    const { calendarId } = await this.settings.configuration(trx)
    if (!calendarId) {
      return
    }
    await this.jobs.send(
      CALENDAR_SYNC_PROJECT_JOB,
      { projectId },
      {
        client: trx,
        startAfterSeconds: CALENDAR_SYNC_DEBOUNCE_SECONDS,
        singletonKey: String(projectId),
      }
    )
  }
}
