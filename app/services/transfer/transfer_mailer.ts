import mail from '@adonisjs/mail/services/main'
import {
  EMAIL_TEMPLATES,
  TransferEmailTemplates,
  type EmailTemplateType,
  type TemplateData,
} from '#services/transfer/email_templates'
import { TransferSettings } from '#services/transfer/transfer_settings'

/**
 * Sends transfer's emails from their (possibly admin-edited) templates. Mail
 * is queued, so a slow mail server never holds up an upload or a download.
 */
export class TransferMailer {
  constructor(
    protected templates = new TransferEmailTemplates(),
    protected settings = new TransferSettings()
  ) {}

  async send(type: EmailTemplateType, to: string | string[], data: TemplateData) {
    const recipients = Array.isArray(to) ? to : [to]
    if (recipients.length === 0) {
      return
    }
    const siteName = await this.settings.get('site_name')
    const email = await this.templates.renderType(type, { siteName, ...data })
    for (const recipient of recipients) {
      await mail.sendLater((message) => {
        message.to(recipient).subject(email.subject).html(email.html).text(email.text)
      })
    }
  }

  /** A template (or an admin's unsaved draft of it) filled with sample data. */
  async preview(type: EmailTemplateType, draft: { subject?: string; body?: string } = {}) {
    const saved = await this.templates.text(type)
    return this.templates.render(
      { subject: draft.subject ?? saved.subject, body: draft.body ?? saved.body },
      await this.sampleData(type)
    )
  }

  /**
   * Sends a message now, not later, so the admin who asked learns whether the
   * configured mailer works: a failure reaches them as an error. With a type,
   * the message is that template filled with sample data.
   */
  async sendTest(to: string, type?: EmailTemplateType) {
    const email = type
      ? await this.preview(type)
      : this.templates.render(
          {
            subject: 'Test email from {{siteName}}',
            body:
              'This is a test message from {{siteName}}, sent through the {{mailer}} mailer.\n\n' +
              'If you can read it, transfer can send email.',
          },
          { siteName: await this.settings.get('site_name'), mailer: mailerName() }
        )
    await mail.send((message) => {
      message.to(to).subject(email.subject).html(email.html).text(email.text)
    })
  }

  protected async sampleData(type: EmailTemplateType): Promise<TemplateData> {
    return { siteName: await this.settings.get('site_name'), ...EMAIL_TEMPLATES[type].sample }
  }
}

/** The configured mail transport's name (smtp, outbox…), never its credentials. */
export function mailerName() {
  return String(mail.config.default)
}

/** 1536 → "1.5 KB": sizes in emails and pages. */
export function formatBytes(bytes: number) {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}
