import { args } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedsIssue extends ScheduleAdminCommand {
  static commandName = 'schedule:feeds:issue'
  static description =
    "Make a crew member's or vendor's calendar feed address (printed once; their previous one stops working)"

  @args.string({ description: 'crew or vendor' })
  declare kind: string

  @args.string({ description: 'Id of the crew member or vendor' })
  declare id: string

  async run() {
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    const kind = this.personKind(this.kind)
    if (!kind) {
      return
    }
    await this.guarded(async () => {
      const { CalendarFeeds } = await import('#services/schedule/feeds/calendar_feeds')
      const feeds = await this.app.container.make(CalendarFeeds)
      const feed = await feeds.issue(null, kind, id)
      this.logger.success(
        'Calendar feed address (shown only now; anyone with it sees the bookings):'
      )
      this.logger.log(feed.url)
    })
  }
}
