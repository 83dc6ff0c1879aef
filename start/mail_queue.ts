/*
 * Mail sent with `sendLater` goes through the durable queue (see
 * DurableMailQueue): stored in the database with a job that sends it.
 * Workers send it (web processes by default, or `node ace jobs:work`);
 * commands only queue. Tests keep the mail package's own in-memory messenger
 * and its fakes.
 */
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { DurableMailMessenger, DurableMailQueue } from '#services/shared/mail/durable_mail_queue'

const queue = new DurableMailQueue(await app.container.make(JobRuntime))
mail.setMessenger((mailer) => new DurableMailMessenger(mailer.name, queue))
