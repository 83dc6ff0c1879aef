import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { defineJob } from '#services/shared/jobs/job_definition'
import { mailJobs } from '#jobs/shared/mail_jobs'
import { purgeExpiredSignInCodes } from '#jobs/shared/sign_in_code_jobs'
import { Trash } from '#services/schedule/trash/trash'
import { TASKBOARD_CARD_JOB, TaskboardWebhook } from '#services/schedule/feedback/taskboard_webhook'
import { CalendarSync } from '#services/schedule/calendar_sync/calendar_sync'
import { CALENDAR_SYNC_PROJECT_JOB } from '#services/schedule/calendar_sync/calendar_sync_queue'
import {
  MessageDelivery,
  SEND_TO_RECIPIENT_JOB,
} from '#services/schedule/messaging/message_delivery'
import { AvailabilityMessages } from '#services/schedule/messaging/availability_messages'

/** schedule's background jobs (see the README's "Background jobs"). */
export const jobs = [
  ...mailJobs(),
  purgeExpiredSignInCodes,

  /*
   * Spec 3, sections 3 and 8: items deleted more than 30 days ago leave the
   * trash. The cleanup holds an advisory lock; while an operator's
   * `schedule:trash:cleanup` holds it, this run skips.
   */
  defineJob({
    name: 'schedule.trash-cleanup',
    description: 'Removes what has been in the trash more than 30 days (daily, 03:30 UTC)',
    schedule: '30 3 * * *',
    runAtStartAfterSeconds: 15,
    policy: 'exclusive',
    retry: { limit: 3, delaySeconds: 300, backoff: true },
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 60,
    handler: async () => {
      const trash = await app.container.make(Trash)
      return trash.cleanup({ wait: false })
    },
  }),

  /*
   * One new feedback's card to the taskboard webhook. The feedback row says
   * whether it was sent, so a repeated run sends nothing; a refusing or
   * unreachable receiver is retried for about a day, then the job is kept
   * as failed and the feedback shows the last error.
   */
  defineJob<{ feedbackId: number }>({
    name: TASKBOARD_CARD_JOB,
    description: 'Sends one new feedback to the taskboard webhook as a card',
    policy: 'standard',
    retry: { limit: 10, delaySeconds: 30, backoff: true, maxDelaySeconds: 4 * 60 * 60 },
    expireInSeconds: 5 * 60,
    wakeOnSend: true,
    handler: async ({ feedbackId }) => new TaskboardWebhook().sendCard(feedbackId),
  }),

  /*
   * One changed project's events, queued by the change (debounced, one
   * waiting per project). Google's rate limits and server errors fail the
   * run, so it is retried with backoff; a refusal that waiting cannot fix
   * (one event Google will not take) completes with the error in its output
   * and shows in the next full sync's result.
   */
  defineJob<{ projectId: number }>({
    name: CALENDAR_SYNC_PROJECT_JOB,
    description: "Brings one changed project's events in the Google calendar in line with it",
    policy: 'stately',
    concurrency: 2,
    retry: { limit: 8, delaySeconds: 30, backoff: true, maxDelaySeconds: 3600 },
    expireInSeconds: 15 * 60,
    handler: async ({ projectId }) => {
      const sync = await app.container.make(CalendarSync)
      if (!sync.configured) {
        return { skipped: sync.notConfiguredMessage() }
      }
      const outcome = await sync.syncProject(projectId)
      if (outcome?.error?.transient) {
        throw outcome.error
      }
      if (outcome?.error) {
        logger.warn(
          { projectId, reason: outcome.error.reason },
          `calendar sync of project ${projectId}: ${outcome.error.message}`
        )
      }
      return outcome && { ...outcome, error: outcome.error?.message ?? null }
    },
  }),

  /*
   * Every night, the whole calendar as Sync now brings it in line: what no
   * project change queued (a client, location or status renamed) and the
   * events of projects removed for good.
   */
  defineJob({
    name: 'schedule.calendar-sync-all',
    description: 'Brings every project in the Google calendar in line (daily, 04:15 UTC)',
    schedule: '15 4 * * *',
    policy: 'exclusive',
    retry: { limit: 3, delaySeconds: 600, backoff: true },
    expireInSeconds: 60 * 60,
    handler: async () => {
      const sync = await app.container.make(CalendarSync)
      if (!sync.configured || !(await sync.calendarChosen())) {
        return { skipped: 'calendar sync is not set up' }
      }
      return sync.syncAll()
    },
  }),

  /*
   * One recipient's copy of an availability message (SMS, email or both),
   * created when the message is released. The recipient row says what was
   * sent, so a repeated run sends nothing twice; rate limits, Twilio's 5xx
   * and unreachable providers are retried with backoff.
   */
  defineJob<{ recipientId: number }>({
    name: SEND_TO_RECIPIENT_JOB,
    description: "Sends one recipient's copy of an availability message",
    policy: 'standard',
    concurrency: 4,
    batchSize: 5,
    retry: { limit: 6, delaySeconds: 20, backoff: true, maxDelaySeconds: 30 * 60 },
    expireInSeconds: 5 * 60,
    wakeOnSend: true,
    handler: async ({ recipientId }, { isLastAttempt }) => {
      const delivery = await app.container.make(MessageDelivery)
      return delivery.deliver(recipientId, { isLastAttempt })
    },
  }),

  /* Messages scheduled for later go out within a minute of their time. */
  defineJob({
    name: 'schedule.messages-send-due',
    description: 'Releases scheduled availability messages whose time has come (every minute)',
    schedule: '* * * * *',
    runAtStartAfterSeconds: 10,
    policy: 'exclusive',
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    expireInSeconds: 5 * 60,
    keepFinishedSeconds: 24 * 60 * 60,
    handler: async () => {
      const messages = await app.container.make(AvailabilityMessages)
      return messages.sendDue()
    },
  }),
]
