import { FeedCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedsIssue extends FeedCommand {
  static commandName = 'schedule:feeds:issue'
  static description =
    "Make a crew member's or vendor's calendar feed address (printed once; their previous one stops working)"

  async run() {
    const person = this.person()
    if (!person) {
      return
    }
    await this.guarded(async () => {
      const { CalendarFeeds } = await import('#services/schedule/feeds/calendar_feeds')
      const feeds = await this.app.container.make(CalendarFeeds)
      const feed = await feeds.issue(null, person.kind, person.id)
      this.logger.success(
        'Calendar feed address (shown only now; anyone with it sees the bookings):'
      )
      this.logger.log(feed.url)
    })
  }
}
