import { args, flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'
import type { MessageTemplatesBook } from '#services/schedule/messaging/message_templates_book'

/*
 * What the admin does on /messages/templates: list, read one, add one, make
 * one the default of its kind, delete one.
 */
export default class ScheduleMessagesTemplates extends ScheduleAdminCommand {
  static commandName = 'schedule:messages:templates'
  static description =
    'Message templates of availability messaging: list, show one, add, make default, delete'

  @args.string({
    description: 'A template id: show it (or change it with a flag)',
    required: false,
  })
  declare id?: string

  @flags.boolean({ description: 'Make the template the default of its kind' })
  declare makeDefault: boolean

  @flags.boolean({ description: 'Delete the template' })
  declare delete: boolean

  @flags.string({ description: 'Add a template with this name (with --kind and --body)' })
  declare name?: string

  @flags.string({ description: 'sms or email, for a new template' })
  declare kind?: string

  @flags.string({ description: 'The text of a new template (placeholders as on the page)' })
  declare body?: string

  @flags.string({ description: 'The subject of a new email template' })
  declare subject?: string

  async run() {
    const { MessageTemplatesBook } =
      await import('#services/schedule/messaging/message_templates_book')
    const book = new MessageTemplatesBook()
    if (this.name !== undefined) {
      return this.#create(book)
    }
    if (this.id === undefined) {
      return this.#list(book)
    }
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    await this.guarded(async () => {
      if (this.delete) {
        await book.remove(id)
        this.logger.success(`Template ${id} deleted`)
        return
      }
      const { updateTemplateValidator } = await import('#validators/schedule/messaging_validators')
      const template = this.makeDefault
        ? await book.update(id, await updateTemplateValidator.validate({ isDefault: true }))
        : await book.find(id)
      this.logger.log(
        `Template ${template.id} "${template.name}" (${template.kind}${template.isDefault ? ', default' : ''})`
      )
      if (template.subject) this.logger.log(`Subject: ${template.subject}`)
      this.logger.log(template.body)
    })
  }

  async #list(book: MessageTemplatesBook) {
    const templates = await book.list()
    if (!templates.length) {
      this.logger.info('No templates')
      return
    }
    const table = this.ui.table()
    table.head(['Id', 'Kind', 'Name', 'Default'])
    for (const template of templates) {
      table.row([
        String(template.id),
        template.kind,
        template.name,
        template.isDefault ? 'yes' : '',
      ])
    }
    table.render()
  }

  /** Checked by the validator of POST /api/message-templates: what the page refuses, this refuses. */
  async #create(book: MessageTemplatesBook) {
    const { createTemplateValidator } = await import('#validators/schedule/messaging_validators')
    await this.guarded(async () => {
      const fields = await createTemplateValidator.validate({
        name: this.name,
        kind: this.kind,
        body: this.body,
        subject: this.subject ?? null,
        isDefault: this.makeDefault,
      })
      const template = await book.create(fields)
      this.logger.success(`Template ${template.id} "${template.name}" added`)
    })
  }
}
