import { args, flags } from '@adonisjs/core/ace'
import { ScheduleListCommand } from '#commands/schedule/_schedule_admin_command'
import type { MessageTemplatesBook } from '#services/schedule/messaging/message_templates_book'
import type MessageTemplate from '#models/schedule/message_template'

/*
 * What the admin does on /messages/templates: list, read one, add one, make
 * one the default of its kind, delete one (editing one is
 * schedule:messages:templates:update).
 */
export default class ScheduleMessagesTemplates extends ScheduleListCommand {
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

  @flags.boolean({ description: 'Delete the template (asks first unless --force)' })
  declare delete: boolean

  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean

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
        const template = await book.find(id)
        const question = `Delete the ${template.kind} template "${template.name}"?`
        if (!(await this.confirmDestructive(question, this.force))) {
          return
        }
        await book.remove(id)
        this.logger.success(`Template ${id} deleted`)
        return
      }
      const { updateTemplateValidator } = await import('#validators/schedule/messaging_validators')
      const template = this.makeDefault
        ? await book.update(id, await updateTemplateValidator.validate({ isDefault: true }))
        : await book.find(id)
      if (this.json) {
        return this.printRecord([], { json: true, jsonValue: await templateJson(template) })
      }
      this.logger.log(
        `Template ${template.id} "${template.name}" (${template.kind}${template.isDefault ? ', default' : ''})`
      )
      if (template.subject) this.logger.log(`Subject: ${template.subject}`)
      this.logger.log(template.body)
    })
  }

  async #list(book: MessageTemplatesBook) {
    const templates = await book.list()
    this.printList(
      templates,
      [
        { title: 'Id', value: (template) => template.id },
        { title: 'Kind', value: (template) => template.kind },
        { title: 'Name', value: (template) => template.name },
        { title: 'Default', value: (template) => template.isDefault },
      ],
      {
        json: this.json,
        jsonValue: this.json ? await templateJson(templates) : undefined,
        empty: 'No templates',
      }
    )
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

/** As GET /api/message-templates answers (one template, or the list). */
async function templateJson(templates: MessageTemplate | MessageTemplate[]) {
  const { serializer } = await import('#services/shared/serialize')
  const { default: MessageTemplateTransformer } =
    await import('#transformers/schedule/message_template_transformer')
  return Array.isArray(templates)
    ? serializer.serialize(MessageTemplateTransformer.transform(templates))
    : serializer.serialize(MessageTemplateTransformer.transform(templates))
}
