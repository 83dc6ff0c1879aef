import { args } from '@adonisjs/core/ace'
import { ScheduleListCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleMessagesStatus extends ScheduleListCommand {
  static commandName = 'schedule:messages:status'
  static description = "An availability message's recipients: delivery on each channel and answers"

  @args.string({ description: 'The message id' })
  declare id: string

  async run() {
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    await this.guarded(async () => {
      const { AvailabilityMessages } =
        await import('#services/schedule/messaging/availability_messages')
      const messages = await this.app.container.make(AvailabilityMessages)
      if (this.json) {
        // GET /api/messages/:id's answer.
        const { messageDetail } = await import('#services/schedule/messaging/message_detail')
        return this.printRecord([], { json: true, jsonValue: await messageDetail(messages, id) })
      }
      const { message, recipients } = await messages.find(id)
      this.logger.log(
        `Message ${message.id} "${message.subject}": ${message.status}, send at ${message.sendAt.toISO()}, answers close ${message.answersCloseAt.toISO()}`
      )
      const table = this.ui.table()
      table.head(['Recipient', 'Channel', 'State', 'SMS', 'Email', 'Answer', 'Error'])
      for (const recipient of recipients) {
        table.row([
          `${recipient.id} ${recipient.name}`,
          recipient.channel,
          recipient.status,
          recipient.smsStatus ?? '–',
          recipient.emailStatus ?? '–',
          recipient.answer
            ? `${recipient.answer}${recipient.answerNote ? ` (${recipient.answerNote})` : ''}`
            : '–',
          recipient.smsError ?? recipient.emailError ?? '',
        ])
      }
      table.render()
      const counts = new Map<string, number>()
      for (const recipient of recipients) {
        counts.set(recipient.status, (counts.get(recipient.status) ?? 0) + 1)
      }
      this.logger.log(
        [...counts].map(([state, count]) => `${count} ${state}`).join(', ') || 'No recipients'
      )
    })
  }
}
