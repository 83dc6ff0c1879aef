import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleMessagesSendDue extends ScheduleAdminCommand {
  static commandName = 'schedule:messages:send-due'
  static description =
    'Releases scheduled availability messages whose time has come (the minute job does the same)'

  async run() {
    const { AvailabilityMessages } =
      await import('#services/schedule/messaging/availability_messages')
    const messages = await this.app.container.make(AvailabilityMessages)
    const { released } = await messages.sendDue()
    this.logger.info(
      released === 0
        ? 'No scheduled message is due'
        : `${released} message${released === 1 ? '' : 's'} released: the workers send each recipient's copy`
    )
  }
}
