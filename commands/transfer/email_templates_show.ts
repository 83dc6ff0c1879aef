import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferEmailTemplatesShow extends TransferAdminTask {
  static commandName = 'transfer:email-templates:show'
  static description =
    'Show one email template: its subject, its body and the placeholders it offers'

  @args.string({ description: 'The template (see transfer:email-templates:list)' })
  declare type: string

  @flags.boolean({
    description: 'Print the template as JSON (the shape of GET /api/email-templates/:type)',
  })
  declare json?: boolean

  async run() {
    const type = await this.emailTemplateType(this.type)
    if (!type) {
      return
    }
    const { TransferEmailTemplates } = await import('#services/transfer/email_templates')
    const { default: EmailTemplateTransformer } =
      await import('#transformers/transfer/email_template_transformer')
    const templates = await this.app.container.make(TransferEmailTemplates)
    const template = (await this.serialized(
      EmailTemplateTransformer.transform(await templates.find(type))
    )) as {
      description: string
      subject: string
      body: string
      isDefault: boolean
      placeholders: Record<string, string>
    }
    if (this.json) {
      return this.printJson(template)
    }
    this.logger.log(`${type}: ${template.description}`)
    this.logger.log(template.isDefault ? 'The shipped default text' : 'Changed by an admin')
    this.logger.log('')
    this.logger.log(`Subject: ${template.subject}`)
    this.logger.log('')
    this.logger.log(template.body)
    this.logger.log('')
    this.logger.log('Placeholders:')
    for (const [name, meaning] of Object.entries(template.placeholders)) {
      this.logger.log(`  {{${name}}}  ${meaning}`)
    }
  }
}
