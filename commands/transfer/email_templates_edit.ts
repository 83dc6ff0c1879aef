import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferEmailTemplatesEdit extends TransferAdminTask {
  static commandName = 'transfer:email-templates:edit'
  static description =
    'Change an email template: its body from a file (or - for standard input) and/or its subject'

  @args.string({ description: 'The template (see transfer:email-templates:list)' })
  declare type: string

  @flags.string({ description: 'The new body: a text file, or - to read standard input' })
  declare file?: string

  @flags.string({ description: 'The new subject (one line)' })
  declare subject?: string

  @flags.boolean({
    description: 'Print the template as JSON (the shape of PUT /api/email-templates/:type)',
  })
  declare json?: boolean

  async run() {
    if (this.file === undefined && this.subject === undefined) {
      return this.wrongUsage(
        'Give the new body with --file=<path> (or --file=-), the subject with --subject=, or both'
      )
    }
    const type = await this.emailTemplateType(this.type)
    if (!type) {
      return
    }
    const body = this.file === undefined ? undefined : await this.readText(this.file)
    if (body === null) {
      return
    }
    const { TransferEmailTemplates } = await import('#services/transfer/email_templates')
    const { emailTemplateValidator } =
      await import('#validators/transfer/email_template_validators')
    const { default: EmailTemplateTransformer } =
      await import('#transformers/transfer/email_template_transformer')
    const templates = await this.app.container.make(TransferEmailTemplates)
    await this.guarded(async () => {
      // The page always sends both; the part not given stays as it is.
      const current = await templates.text(type)
      const valid = await emailTemplateValidator.validate(
        { subject: this.subject ?? current.subject, body: body ?? current.body },
        { meta: { type } }
      )
      await templates.save(type, valid.subject, valid.body, null)
      if (this.json) {
        return this.printJson(
          await this.serialized(EmailTemplateTransformer.transform(await templates.find(type)))
        )
      }
      this.logger.success(`Saved the ${type} email (subject: ${valid.subject})`)
    })
  }
}
