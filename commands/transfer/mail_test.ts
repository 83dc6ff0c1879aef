import { flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

/** The sender address config/mail.ts falls back to when MAIL_FROM_ADDRESS is not set. */
const PLACEHOLDER_SENDER = 'no-reply@localhost'

export default class TransferMailTest extends TransferAdminTask {
  static commandName = 'transfer:mail:test'
  static description =
    'Send a test email now through the configured mailer (to MAIL_FROM_ADDRESS unless --to names another)'

  @flags.string({ description: 'Send it to this address (default: MAIL_FROM_ADDRESS)' })
  declare to?: string

  @flags.string({
    description:
      'Send this template filled with sample values instead (see transfer:email-templates:list)',
  })
  declare type?: string

  async run() {
    const { default: mail } = await import('@adonisjs/mail/services/main')
    const { TransferMailer, mailerName } = await import('#services/transfer/transfer_mailer')
    const { testEmailValidator } = await import('#validators/transfer/email_template_validators')
    // The page sends to the admin who asks; a terminal has no one signed in, so the sender's own address.
    const from = mail.config.from
    const sender = typeof from === 'string' ? from : from?.address
    if (this.to === undefined && (!sender || sender === PLACEHOLDER_SENDER)) {
      return this.fail('MAIL_FROM_ADDRESS is not set: name the recipient with --to=<address>')
    }
    await this.guarded(async () => {
      const { to = sender!, type } = await testEmailValidator.validate({
        to: this.to ?? sender,
        type: this.type,
      })
      const mailer = await this.app.container.make(TransferMailer)
      try {
        await mailer.sendTest(to, type)
      } catch (error) {
        // What POST /api/notifications/test-email answers with a 502.
        return this.fail(`The mailer could not send the message: ${(error as Error).message}`)
      }
      this.logger.success(`Sent a test email to ${to} through the ${mailerName()} mailer`)
      if (mailerName() === 'outbox') {
        this.logger.warning(
          'The outbox mailer writes messages to files and delivers nothing: set SMTP_HOST or EMAIL_API_KEY to send real mail'
        )
      }
    })
  }
}
