import { FeedCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedsIssue extends FeedCommand {
  static commandName = 'schedule:feeds:issue'
  static description =
    "Make a crew member's or vendor's calendar feed address (printed once; their previous one stops working)"

  async run() {
    await this.withPerson(async (feeds, person) => {
      const feed = await feeds.issue(null, person.kind, person.id)
      this.logger.success(
        'Calendar feed address (shown only now; anyone with it sees the bookings):'
      )
      this.logger.log(feed.url)
    })
  }
}
