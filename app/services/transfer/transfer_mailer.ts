import mail from '@adonisjs/mail/services/main'
import {
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
