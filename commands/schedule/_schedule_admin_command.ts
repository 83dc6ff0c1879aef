import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { CalendarFeeds } from '#services/schedule/feeds/calendar_feeds'
import { AppCommand } from '#commands/shared/_app_command'

/**
 * A schedule admin task from the terminal. Refusals of the service (a 422's
 * field messages, on one line; a 404) are printed and end with exit code 1,
 * as the web page shows them.
 */
export abstract class ScheduleAdminCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected appId = 'schedule' as const

  protected guarded(action: () => Promise<void>) {
    return this.refusingInOneLine(action)
  }

  /** A record's id as typed; null (and exit code 1) for anything else. */
  protected recordId(value: string) {
    const id = Number(value)
    if (!Number.isSafeInteger(id) || id < 1) {
      this.fail(`Not an id: ${value}`)
      return null
    }
    return id
  }
}

/** A schedule command that lists: a table, or `--json` with the API's shapes. */
export abstract class ScheduleListCommand extends ScheduleAdminCommand {
  @flags.boolean({ description: "Print JSON (the API's shapes) instead of a table" })
  declare json?: boolean
}

/** A schedule command that removes something for good: asked first on a terminal. */
export abstract class ScheduleDestructiveCommand extends ScheduleAdminCommand {
  @flags.boolean({ description: 'Do not ask for confirmation (needed off a terminal)' })
  declare force?: boolean
}

/** The calendar feed commands: a person named by kind and id. */
export abstract class FeedCommand extends ScheduleAdminCommand {
  @args.string({ description: 'crew or vendor' })
  declare kind: string

  @args.string({ description: 'Id of the crew member or vendor' })
  declare id: string

  /** Runs `action` for the person the arguments name, or says why they name none. */
  protected async withPerson(
    action: (feeds: CalendarFeeds, person: { kind: 'crew' | 'vendor'; id: number }) => Promise<void>
  ) {
    if (this.kind !== 'crew' && this.kind !== 'vendor') {
      return this.fail('The first argument is crew or vendor')
    }
    const kind: 'crew' | 'vendor' = this.kind
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    const { CalendarFeeds: Feeds } = await import('#services/schedule/feeds/calendar_feeds')
    const feeds = await this.app.container.make(Feeds)
    await this.guarded(() => action(feeds, { kind, id }))
  }
}
