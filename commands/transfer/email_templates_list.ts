import { flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

/** A template as GET /api/email-templates shows it. */
type TemplateRow = {
  type: string
  description: string
  subject: string
  isDefault: boolean
  updatedAt: string | null
}

export default class TransferEmailTemplatesList extends TransferAdminTask {
  static commandName = 'transfer:email-templates:list'
  static description =
    'List the emails transfer sends, with their subjects and whether an admin changed them'

  @flags.boolean({
    description: 'Print the templates as JSON (the shape of GET /api/email-templates)',
  })
  declare json?: boolean

  async run() {
    const { TransferEmailTemplates } = await import('#services/transfer/email_templates')
    const { default: EmailTemplateTransformer } =
      await import('#transformers/transfer/email_template_transformer')
    const templates = await this.app.container.make(TransferEmailTemplates)
    const rows = (await this.serialized(
      EmailTemplateTransformer.transform(await templates.list())
    )) as TemplateRow[]
    this.printList(
      rows,
      [
        { title: 'Type', value: (row) => row.type },
        { title: 'Subject', value: (row) => row.subject },
        { title: 'Text', value: (row) => (row.isDefault ? 'default' : 'changed') },
        { title: 'Changed', value: (row) => row.updatedAt },
        { title: 'Sent', value: (row) => row.description },
      ],
      { json: this.json }
    )
  }
}
