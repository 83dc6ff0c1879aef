import { flags } from '@adonisjs/core/ace'
import { FeedCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleFeedsRevoke extends FeedCommand {
  static commandName = 'schedule:feeds:revoke'
  static description =
    "Revoke a crew member's or vendor's calendar feed (its address stops working; asks first unless --force)"

  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean

  async run() {
    await this.withPerson(async (feeds, person) => {
      const feed = await feeds.current(person.kind, person.id)
      if (!feed) {
        return this.fail(`The ${person.kind} #${person.id} has no calendar feed`)
      }
      const question = `Revoke the calendar feed of ${person.kind} #${person.id} (its address stops working)?`
      if (!(await this.confirmDestructive(question, this.force))) {
        return
      }
      await feeds.revoke(null, feed.id)
      this.logger.success(`The calendar feed of ${person.kind} #${person.id} no longer opens`)
    })
  }
}
