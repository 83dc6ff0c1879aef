import { args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'
import type { AppId } from '#services/shared/app_profiles'
import type {
  PersonModel,
  RelyingPartyUsers,
} from '#services/shared/relying_party/relying_party_users'

type Users = RelyingPartyUsers<PersonModel>
type Person = NonNullable<Awaited<ReturnType<Users['findByEmail']>>>

/**
 * What a relying app tells its users commands. The loaders are functions,
 * because models need the booted app and `node ace list` loads every command
 * without booting it.
 */
export type UsersCommandsApp = {
  appId: Extract<AppId, 'transfer' | 'schedule'>
  users(): Promise<Users>
  /** The email as the app's validator accepts it (throws its validation error otherwise). */
  validEmail(email: string): Promise<string>
  /** What stays of a removed person's work, for the confirmation question. */
  whatStays: string
  /** The list's last column: its heading and its cell. */
  lastColumn: [heading: string, cell: (person: Person) => string]
}

/**
 * An operator's command on a relying app's people. The rules are the API's
 * (one person per email, always an admin); a refusal prints one clear line
 * and exits with code 1.
 */
export abstract class RelyingPartyUsersCommand extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected abstract people: UsersCommandsApp

  protected get appId() {
    return this.people.appId
  }

  protected async guarded(action: (users: Users) => Promise<void>) {
    const users = await this.people.users()
    await this.refusingInOneLine(() => action(users))
  }

  /** Runs `action` on the person with this email, or says there is none. */
  protected withUser(email: string, action: (user: Person, users: Users) => Promise<void>) {
    return this.guarded(async (users) => {
      const user = await users.findByEmail(email)
      if (!user) {
        return this.fail(`No ${this.appId} user with the email ${email}`)
      }
      await action(user, users)
    })
  }
}

function isRole(role: string): role is 'staff' | 'admin' {
  return role === 'staff' || role === 'admin'
}

/** `<app>:users:create`: allow a person in by email; nothing happens when they already are. */
export abstract class UsersCreateCommand extends RelyingPartyUsersCommand {
  @args.string({ description: 'Email, as the person signs in to sso' })
  declare email: string

  @flags.string({ description: 'staff or admin', default: 'staff' })
  declare role: string

  async run() {
    const role = this.role
    if (!isRole(role)) {
      return this.fail('--role must be staff or admin')
    }
    await this.guarded(async (users) => {
      const email = await this.people.validEmail(this.email)
      const existing = await users.findByEmail(email)
      if (existing) {
        this.logger.info(`${existing.email} already has access (${existing.role})`)
        return
      }
      const user = await users.create(email, role)
      this.logger.success(`${user.email} can now sign in to ${this.appId} as ${user.role}`)
    })
  }
}

/** `<app>:users:list`: everyone allowed in, with their roles. */
export abstract class UsersListCommand extends RelyingPartyUsersCommand {
  async run() {
    await this.guarded(async (users) => {
      const list = await users.list()
      if (list.length === 0) {
        this.logger.info(`No users yet: add the first admin with ${this.appId}:bootstrap-admin`)
        return
      }
      const [heading, cell] = this.people.lastColumn
      const table = this.ui.table()
      table.head(['Email', 'Name', 'Role', 'Signed in before', heading])
      for (const user of list) {
        const linked = user.ssoUserId ? 'yes' : 'no'
        table.row([user.email, user.displayName, user.role, linked, cell(user)])
      }
      table.render()
      this.logger.log(`${list.length} user(s)`)
    })
  }
}

/** `<app>:users:set-role`: make someone staff or admin; the last admin stays admin. */
export abstract class UsersSetRoleCommand extends RelyingPartyUsersCommand {
  @args.string({ description: 'Email of the user' })
  declare email: string

  @args.string({ description: 'staff or admin' })
  declare role: string

  async run() {
    const role = this.role
    if (!isRole(role)) {
      return this.fail('The role must be staff or admin')
    }
    await this.withUser(this.email, async (user, users) => {
      if (user.role === role) {
        this.logger.info(`${user.email} is already ${role}`)
        return
      }
      await users.update(user.id, { role })
      this.logger.success(`${user.email} is now ${role}, from their next request on`)
    })
  }
}

/** `<app>:users:delete`: remove someone, after asking unless --force; the last admin stays. */
export abstract class UsersDeleteCommand extends RelyingPartyUsersCommand {
  @args.string({ description: 'Email of the user' })
  declare email: string

  @flags.boolean({ description: 'Do not ask for confirmation' })
  declare force?: boolean

  async run() {
    await this.withUser(this.email, async (user, users) => {
      // Off a terminal it needs --force, as every destructive command (issue 32).
      const confirmed = await this.confirmDestructive(
        `Remove ${user.email}? They lose access at their next request; ${this.people.whatStays}`,
        this.force
      )
      if (!confirmed) {
        return
      }
      await users.remove(user.id)
      this.logger.success(`${user.email} can no longer use ${this.appId}`)
    })
  }
}
