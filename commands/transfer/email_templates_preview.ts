import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferEmailTemplatesPreview extends TransferAdminTask {
  static commandName = 'transfer:email-templates:preview'
  static description =
    'Render an email template with sample values, as a recipient would get it (saved text, or a draft)'

  @args.string({ description: 'The template (see transfer:email-templates:list)' })
  declare type: string

  @flags.string({ description: 'Write the HTML version to this file' })
  declare out?: string

  @flags.string({
    description: 'Preview this body instead of the saved one: a file, or - for standard input',
  })
  declare file?: string

  @flags.string({ description: 'Preview this subject instead of the saved one' })
  declare subject?: string

  @flags.boolean({
    description:
      'Print subject, HTML and text as JSON (the shape of POST /api/email-templates/:type/preview)',
  })
  declare json?: boolean

  async run() {
    const type = await this.emailTemplateType(this.type)
    if (!type) {
      return
    }
    const body = this.file === undefined ? undefined : await this.readText(this.file)
    if (body === null) {
      return
    }
    const { TransferMailer } = await import('#services/transfer/transfer_mailer')
    const { emailTemplatePreviewValidator } =
      await import('#validators/transfer/email_template_validators')
    const { default: EmailPreviewTransformer } =
      await import('#transformers/transfer/email_preview_transformer')
    const mailer = await this.app.container.make(TransferMailer)
    await this.guarded(async () => {
      const draft = await emailTemplatePreviewValidator.validate(
        { subject: this.subject, body },
        { meta: { type } }
      )
      const email = (await this.serialized(
        EmailPreviewTransformer.transform(await mailer.preview(type, draft))
      )) as { subject: string; html: string; text: string }
      if (this.out) {
        const { writeFile } = await import('node:fs/promises')
        try {
          await writeFile(this.out, email.html)
        } catch (error) {
          return this.fail(`Cannot write ${this.out}: ${(error as Error).message}`)
        }
      }
      if (this.json) {
        return this.printJson(email)
      }
      if (this.out) {
        this.logger.success(`Wrote the ${type} email to ${this.out} (subject: ${email.subject})`)
        return
      }
      this.logger.log(`Subject: ${email.subject}`)
      this.logger.log('')
      this.logger.log(email.text)
    })
  }
}
