import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'

/**
 * The mailer availability emails go through: the app's default mailer
 * (SMTP, Resend's API or the outbox, see config/mail.ts). Its own class so
 * a test can aim a real Resend transport at the loopback fake.
 */
export class MessagingMailer {
  constructor(readonly mailer: Pick<MailerContract<MailTransportContract>, 'send'> = mail) {}
}
