import app from '@adonisjs/core/services/app'
import { defineJob } from '#services/shared/jobs/job_definition'
import { mailJobs } from '#jobs/shared/mail_jobs'
import { purgeExpiredSignInCodes } from '#jobs/shared/sign_in_code_jobs'
import { Trash } from '#services/schedule/trash/trash'
import { TASKBOARD_CARD_JOB, TaskboardWebhook } from '#services/schedule/feedback/taskboard_webhook'

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
]
