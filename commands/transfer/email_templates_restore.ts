import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferEmailTemplatesRestore extends TransferAdminTask {
  static commandName = 'transfer:email-templates:restore'
  static description =
    "Put an email template back to the shipped default (the admins' text is lost)"

  @args.string({ description: 'The template (see transfer:email-templates:list)' })
  declare type: string

  @flags.boolean({ description: 'Do it without asking (needed when not on a terminal)' })
  declare force?: boolean

  async run() {
    const type = await this.emailTemplateType(this.type)
    if (!type) {
      return
    }
    const { TransferEmailTemplates } = await import('#services/transfer/email_templates')
    const templates = await this.app.container.make(TransferEmailTemplates)
    const { stored } = await templates.find(type)
    if (!stored) {
      this.logger.info(`The ${type} email already has the default text`)
      return
    }
    if (
      !(await this.confirmDestructive(
        `Restore the default ${type} email? The saved text is lost`,
        this.force
      ))
    ) {
      return
    }
    await templates.restoreDefault(type)
    this.logger.success(`The ${type} email has the default text again`)
  }
}
