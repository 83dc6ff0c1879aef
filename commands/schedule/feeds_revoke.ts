import { args } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedsRevoke extends ScheduleAdminCommand {
  static commandName = 'schedule:feeds:revoke'
  static description =
    "Revoke a crew member's or vendor's calendar feed (its address stops working)"

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
      const feed = await feeds.current(kind, id)
      if (!feed) {
        return this.fail(`The ${kind} #${id} has no calendar feed`)
      }
      await feeds.revoke(null, feed.id)
      this.logger.success(`The calendar feed of ${kind} #${id} no longer opens`)
    })
  }
}
