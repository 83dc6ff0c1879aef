import { jobsConfig } from '#config/jobs'
import { defineJob } from '#services/shared/jobs/job_definition'
import {
  DurableMailQueue,
  SEND_MAIL_JOB,
  type MailSender,
} from '#services/shared/mail/durable_mail_queue'

/** The app's mailers (SMTP or the outbox), as configured. */
const sendWithMailManager: MailSender = async (mailer, mail, sendConfig) => {
  const { default: mailManager } = await import('@adonisjs/mail/services/main')
  return mailManager.use(mailer as never).sendCompiled(mail, sendConfig as never)
}

/**
 * The durable mail queue's two jobs (every app sends mail). Retries follow
 * the queue's old rhythm: 30 s, doubling (with jitter) up to an hour, eight
 * attempts in all, then the message is kept as failed with its error.
 */
export function mailJobs({
  sender = sendWithMailManager,
  jobSchema = jobsConfig.schema,
}: { sender?: MailSender; jobSchema?: string } = {}) {
  return [
    defineJob<{ mailId: string }>({
      name: SEND_MAIL_JOB,
      description: 'Sends one queued mail',
      policy: 'standard',
      retry: { limit: 7, delaySeconds: 30, backoff: true, maxDelaySeconds: 3600 },
      concurrency: 2,
      batchSize: 5,
      // Above nodemailer's 10-minute socket timeout, so a slow server is not
      // taken for a dead one; a process that dies is noticed by its heartbeat.
      expireInSeconds: 15 * 60,
      heartbeatSeconds: 30,
      // People wait for these (sign-in links, codes): wake a worker at once.
      wakeOnSend: true,
      handler: async ({ mailId }, { jobs, isLastAttempt }) => {
        const sent = await new DurableMailQueue(jobs).send(mailId, sender, { isLastAttempt })
        return { sent }
      },
    }),
    defineJob({
      name: 'shared.requeue-unsent-mail',
      description: 'Gives queued mail without a job one (after a start)',
      policy: 'exclusive',
      runAtStartAfterSeconds: 30,
      retry: { limit: 2, delaySeconds: 60, backoff: true },
      expireInSeconds: 10 * 60,
      handler: async (_data, { jobs }) => ({
        requeued: await new DurableMailQueue(jobs).requeueUncovered(jobSchema),
      }),
    }),
  ]
}
