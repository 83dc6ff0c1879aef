import { args, flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleMessagesTemplatesUpdate extends ScheduleAdminCommand {
  static commandName = 'schedule:messages:templates:update'
  static description =
    "Edit a message template: its name, subject, text, or make it its kind's default"

  @args.string({ description: 'The template id' })
  declare id: string

  @flags.string({ description: 'A new name' })
  declare name?: string

  @flags.string({ description: 'A new text (placeholders as on the page)' })
  declare body?: string

  @flags.string({
    description: 'A new subject (email templates; an empty string clears it)',
    allowEmptyValue: true,
  })
  declare subject?: string

  @flags.boolean({ description: 'Make the template the default of its kind' })
  declare makeDefault?: boolean

  async run() {
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    if ([this.name, this.body, this.subject, this.makeDefault].every((v) => v === undefined)) {
      return this.wrongUsage('Say what changes: --name, --body, --subject or --make-default')
    }
    const { MessageTemplatesBook } =
      await import('#services/schedule/messaging/message_templates_book')
    const { updateTemplateValidator } = await import('#validators/schedule/messaging_validators')
    await this.guarded(async () => {
      // PATCH /api/message-templates/:id's validator: what the page refuses, this refuses.
      const changes = await updateTemplateValidator.validate({
        name: this.name,
        body: this.body,
        subject: this.subject === '' ? null : this.subject,
        isDefault: this.makeDefault,
      })
      const template = await new MessageTemplatesBook().update(id, changes)
      this.logger.success(
        `Template ${template.id} "${template.name}" saved (${template.kind}${template.isDefault ? ', default' : ''})`
      )
    })
  }
}
