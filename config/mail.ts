import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { OutboxTransport } from '#services/shared/mail/outbox_transport'

/** Where the outbox mailer writes each message as a JSON file. */
export const outboxDirectory =
  env.get('MAIL_OUTBOX_DIR') ?? app.makePath('storage', 'outbox', env.get('APP_ID'))

/** SMTP when SMTP_HOST is set, Resend's API when EMAIL_API_KEY is, else the outbox (or MAIL_MAILER). */
export function chosenMailer() {
  return (
    env.get('MAIL_MAILER') ??
    (env.get('SMTP_HOST') ? 'smtp' : env.get('EMAIL_API_KEY') ? 'resend' : 'outbox')
  )
}

const mailConfig = defineConfig({
  default: chosenMailer(),

  from: {
    address: env.get('MAIL_FROM_ADDRESS') ?? 'no-reply@localhost',
    name: env.get('MAIL_FROM_NAME') ?? 'Production Suite',
  },

  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') ?? 'localhost',
      port: env.get('SMTP_PORT') ?? 587,
      secure: env.get('SMTP_SECURE') ?? false,
      auth: env.get('SMTP_USERNAME')
        ? {
            type: 'login',
            user: env.get('SMTP_USERNAME')!,
            pass: env.get('SMTP_PASSWORD')?.release() ?? '',
          }
        : undefined,
    }),
    // An HTTPS API instead of SMTP (hosts that block outbound SMTP): Resend, keyed by EMAIL_API_KEY.
    resend: transports.resend({
      key: env.get('EMAIL_API_KEY')?.release() ?? '',
      baseUrl: env.get('EMAIL_API_URL') ?? 'https://api.resend.com',
    }),
    // Development and the demo: every message lands as a JSON file a person can read.
    outbox: () => new OutboxTransport(outboxDirectory),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
