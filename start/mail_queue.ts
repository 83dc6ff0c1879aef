/*
 * Mail sent with `sendLater` goes through the durable queue in PostgreSQL
 * (see DurableMailQueue). Web processes run the worker; commands only queue.
 * Tests keep the mail package's own in-memory messenger and its fakes.
 */
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import { DurableMailMessenger, DurableMailQueue } from '#services/shared/mail/durable_mail_queue'

const queue = new DurableMailQueue((mailer, message, sendConfig) =>
  mail.use(mailer as never).sendCompiled(message, sendConfig as never)
)
mail.setMessenger((mailer) => new DurableMailMessenger(mailer.name, queue))

if (app.getEnvironment() === 'web') {
  queue.start()
  app.terminating(() => queue.stop())
}
