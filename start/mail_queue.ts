/*
 * Mail sent with `sendLater` goes through the durable queue (see
 * DurableMailQueue): stored in the database with a job that sends it.
 * Workers send it (web processes by default, or `node ace jobs:work`);
 * commands only queue. Tests keep the mail package's own in-memory messenger
 * and its fakes.
 */
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import type { JobSender } from '#services/shared/jobs/job_definition'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { DurableMailMessenger, DurableMailQueue } from '#services/shared/mail/durable_mail_queue'

/** The job runtime (and the app's registry) is loaded on the first mail, not by every command. */
const jobs: JobSender = {
  async send(name, data, options) {
    const runtime = await app.container.make(JobRuntime)
    return runtime.send(name, data, options)
  },
}
const queue = new DurableMailQueue(jobs)
mail.setMessenger((mailer) => new DurableMailMessenger(mailer.name, queue))
