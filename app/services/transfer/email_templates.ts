import EmailTemplate from '#models/transfer/email_template'
import { upsert } from '#services/shared/atomic_writes'

type TemplateDefinition = {
  description: string
  placeholders: Record<string, string>
  /** Values for every placeholder but siteName, used by the preview and test emails. */
  sample: Record<string, string>
  subject: string
  body: string
}

/*
 * The emails transfer sends. Each has a shipped default an admin may replace.
 * Bodies are plain text with {{placeholder}}s; the HTML version is derived from
 * it with every value escaped, so neither an uploader's name nor an admin's
 * template can inject markup.
 */
export const EMAIL_TEMPLATES = {
  upload_alert: {
    description: 'Sent to staff when a public upload finishes.',
    placeholders: {
      siteName: 'Name of this site',
      fileName: 'Name of the uploaded file',
      fileSize: 'Size, for example 1.5 GB',
      uploaderName: 'Name the visitor gave',
      uploaderEmail: 'Email the visitor gave',
      message: 'Message the visitor left',
      adminUrl: 'Link to the uploads page',
    },
    sample: {
      fileName: 'Final cut v3.mov',
      fileSize: '14.2 GB',
      uploaderName: 'Alex Morgan',
      uploaderEmail: 'alex@example.com',
      message: 'Here is the final cut for review.',
      adminUrl: 'https://transfer.example.com/admin',
    },
    subject: 'New upload: {{fileName}}',
    body:
      '{{uploaderName}} ({{uploaderEmail}}) uploaded {{fileName}} ({{fileSize}}) to {{siteName}}.\n\n' +
      'Message: {{message}}\n\nSee it at {{adminUrl}}',
  },
  email_verification: {
    description: 'Sent to a visitor who must confirm their address before uploading.',
    placeholders: {
      siteName: 'Name of this site',
      code: 'The six-digit code',
      minutes: 'Minutes the code stays valid',
    },
    sample: { code: '482913', minutes: '10' },
    subject: 'Your code for {{siteName}}: {{code}}',
    body:
      'Your confirmation code is {{code}}.\n\nIt is valid for {{minutes}} minutes. ' +
      'If you did not ask for it, you can ignore this message.',
  },
  share_notification: {
    description: 'Sent to the recipients a staff member names when sharing a file.',
    placeholders: {
      siteName: 'Name of this site',
      senderName: 'Staff member who shared',
      fileName: 'Name of the shared file',
      fileSize: 'Size, for example 1.5 GB',
      shareUrl: 'Link to the share page',
      expiresAt: 'When the link expires, or "never"',
      message: 'Message from the sender',
    },
    sample: {
      senderName: 'Sam Rivera',
      fileName: 'Stills selection.zip',
      fileSize: '820 MB',
      shareUrl: 'https://transfer.example.com/s/3f9a7c1e',
      expiresAt: '30 June 2025, 18:00',
      message: 'The stills we talked about.',
    },
    subject: '{{senderName}} shared {{fileName}} with you',
    body:
      '{{senderName}} shared {{fileName}} ({{fileSize}}) with you on {{siteName}}.\n\n' +
      '{{message}}\n\nDownload it at {{shareUrl}} (expires: {{expiresAt}}).',
  },
  download_notification: {
    description: 'Sent to the staff member who created a share when it is downloaded.',
    placeholders: {
      siteName: 'Name of this site',
      fileName: 'Name of the shared file',
      ip: 'Network address of the downloader',
      browser: 'Browser and operating system of the downloader',
      downloadedAt: 'Date and time of the download',
      downloadCount: 'Downloads so far',
    },
    sample: {
      fileName: 'Stills selection.zip',
      ip: '203.0.113.24',
      browser: 'Firefox on macOS',
      downloadedAt: '24 June 2025, 09:41',
      downloadCount: '2',
    },
    subject: '{{fileName}} was downloaded',
    body:
      '{{fileName}} was downloaded on {{downloadedAt}} from {{ip}} ({{browser}}).\n' +
      'Downloads so far: {{downloadCount}}.',
  },
} satisfies Record<string, TemplateDefinition>

export type EmailTemplateType = keyof typeof EMAIL_TEMPLATES
export const EMAIL_TEMPLATE_TYPES = Object.keys(EMAIL_TEMPLATES) as EmailTemplateType[]
export type TemplateData = Record<string, string | number | null | undefined>

export function isEmailTemplateType(type: string): type is EmailTemplateType {
  return Object.hasOwn(EMAIL_TEMPLATES, type)
}

/** Placeholders used in the text that the template type does not offer. */
export function unknownPlaceholders(type: EmailTemplateType, text: string) {
  const known = EMAIL_TEMPLATES[type].placeholders
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)]
    .map((match) => match[1])
    .filter((name) => !Object.hasOwn(known, name))
}

function fill(text: string, data: TemplateData, escape: (value: string) => string) {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) =>
    escape(String(data[name] ?? ''))
  )
}

export function escapeHtml(value: string) {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/* An http(s) address in escaped text, ending before whitespace or an escaped <, >, " or '. */
const LINK = /https?:\/\/(?:(?!&(?:lt|gt|quot|#39);)[^\s<])+/g

/**
 * Text to HTML: paragraphs on blank lines, line breaks kept, links made
 * clickable. The filled text is escaped as a whole, so markup typed into a
 * template is shown as text just like markup in a value. The document says
 * its language and carries the subject as its title, so a screen reader in a
 * webmail (or a browser opening the message) reads it in the right voice.
 */
function textToHtml(subject: string, text: string, data: TemplateData) {
  const filled = escapeHtml(fill(text, data, (value) => value))
  const paragraphs = filled
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/\n/g, '<br>'))
    .map((paragraph) => paragraph.replace(LINK, (url) => `<a href="${url}">${url}</a>`))
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5">',
    ...paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    '</body></html>',
  ].join('')
}

/** A template type with the admin's saved text, or null while the default applies. */
export type StoredEmailTemplate = { type: EmailTemplateType; stored: EmailTemplate | null }

export type RenderedEmail = { subject: string; text: string; html: string }

/** Stored templates over shipped defaults, and rendering with data. */
export class TransferEmailTemplates {
  async find(type: EmailTemplateType): Promise<StoredEmailTemplate> {
    return { type, stored: await EmailTemplate.find(type) }
  }

  async list(): Promise<StoredEmailTemplate[]> {
    const stored = await EmailTemplate.all()
    const byType = new Map(stored.map((template) => [template.type, template]))
    return EMAIL_TEMPLATE_TYPES.map((type) => ({ type, stored: byType.get(type) ?? null }))
  }

  /** The text emails of this type are sent with: the admin's, else the shipped default. */
  async text(type: EmailTemplateType) {
    const stored = await EmailTemplate.find(type)
    const definition = EMAIL_TEMPLATES[type]
    return {
      subject: stored?.subject ?? definition.subject,
      body: stored?.body ?? definition.body,
    }
  }

  async save(type: EmailTemplateType, subject: string, body: string, userId: string | null) {
    await upsert('email_templates', 'type', {
      type,
      subject,
      body,
      updated_by_user_id: userId,
      updated_at: new Date(),
    })
  }

  async restoreDefault(type: EmailTemplateType) {
    await EmailTemplate.query().where('type', type).delete()
  }

  render(template: { subject: string; body: string }, data: TemplateData): RenderedEmail {
    // Subjects are headers: no line breaks, whatever a value holds.
    const subject = fill(template.subject, data, (value) => value.replace(/[\r\n]+/g, ' '))
    return {
      subject,
      text: fill(template.body, data, (value) => value),
      html: textToHtml(subject, template.body, data),
    }
  }

  async renderType(type: EmailTemplateType, data: TemplateData) {
    return this.render(await this.text(type), data)
  }
}
