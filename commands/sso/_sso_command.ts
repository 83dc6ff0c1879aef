import { randomBytes } from 'node:crypto'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { PeopleDirectory } from '#services/sso/people_directory'
import type { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import type { AdminActor } from '#services/sso/admin_actor'
import type User from '#models/sso/user'
import type ConnectedApp from '#models/sso/connected_app'

/** What an operator's command works with; the audit log names the terminal as the actor. */
export interface OperatorTools {
  people: PeopleDirectory
  registry: ConnectedAppRegistry
  actor: AdminActor
}

/**
 * An operator's command for sso. Services are imported inside `run`, because
 * models need the booted app and `node ace list` loads every command without
 * booting it. Refusals print one clear line and exit with code 1; a command
 * line that is wrong in itself exits with 2.
 */
export abstract class SsoCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected appId = 'sso' as const

  /** Runs `action` unless the command may not run here; turns refusals into clear lines and exit code 1. */
  protected async guarded(action: (tools: OperatorTools) => Promise<void>) {
    const { PeopleDirectory } = await import('#services/sso/people_directory')
    const { ConnectedAppRegistry } = await import('#services/sso/connected_app_registry')
    const { TERMINAL_ACTOR } = await import('#services/sso/admin_actor')
    const tools = {
      people: await this.app.container.make(PeopleDirectory),
      registry: await this.app.container.make(ConnectedAppRegistry),
      actor: TERMINAL_ACTOR,
    }
    await this.refusingInOneLine(() => action(tools))
  }

  /** The person with this email, or null after saying so. */
  protected async findPerson({ people }: OperatorTools, email: string) {
    const person = await people.findByEmail(email)
    if (!person) {
      this.fail(`No person with the email ${email}`)
    }
    return person
  }

  /** Runs `action` on the person with this email, or says there is none. */
  protected withPerson(
    email: string,
    action: (person: User, tools: OperatorTools) => Promise<void>
  ) {
    return this.guarded(async (tools) => {
      const person = await this.findPerson(tools, email)
      if (person) {
        await action(person, tools)
      }
    })
  }

  /** Runs `action` on the app with this apiKey (enabled or not), or says there is none. */
  protected withApp(
    apiKey: string,
    action: (app: ConnectedApp, tools: OperatorTools) => Promise<void>
  ) {
    return this.guarded(async (tools) => {
      const app = await this.findApp(tools, apiKey)
      if (app) {
        await action(app, tools)
      }
    })
  }

  /** The app with this apiKey (enabled or not), or null after saying so. */
  protected async findApp({ registry }: OperatorTools, apiKey: string) {
    const app = await registry.findByApiKey(apiKey)
    if (!app) {
      this.fail(`No connected app with the apiKey ${apiKey}`)
    }
    return app
  }

  /**
   * The new person's password: --password, --generate-password, or asked for
   * (twice, hidden); an empty answer generates one. The caller prints a
   * generated password once.
   */
  protected async choosePassword(flags: { password?: string; generate?: boolean }) {
    if (flags.password !== undefined && flags.generate) {
      this.wrongUsage('Use either --password or --generate-password, not both')
      return null
    }
    if (flags.password !== undefined) {
      return { password: flags.password, generated: false }
    }
    if (!flags.generate) {
      const password = await this.prompt.secure('Password (leave empty to generate one)')
      if (password) {
        const repeated = await this.prompt.secure('Repeat the password')
        if (repeated !== password) {
          this.fail('The two passwords differ')
          return null
        }
        return { password, generated: false }
      }
    }
    return { password: randomBytes(18).toString('base64url'), generated: true }
  }
}
