import { flags } from '@adonisjs/core/ace'
import { UsersListCommand } from '#commands/shared/_relying_party_users_command'
import { scheduleUsersApp } from '#commands/schedule/_schedule_users_command'
import type AppUser from '#models/schedule/app_user'

export default class ScheduleUsersList extends UsersListCommand {
  static commandName = 'schedule:users:list'
  static description = 'List the people allowed into schedule, with their roles'
  protected people = scheduleUsersApp

  @flags.boolean({ description: "Print JSON (GET /api/admin/users' answer) instead of a table" })
  declare json?: boolean

  async run() {
    if (!this.json) {
      return super.run()
    }
    const { serializer } = await import('#services/shared/serialize')
    const { default: AppUserTransformer } =
      await import('#transformers/schedule/app_user_transformer')
    await this.guarded(async (users) => {
      const list = (await users.list()) as AppUser[]
      this.logger.log(
        JSON.stringify(await serializer.serialize(AppUserTransformer.transform(list)), null, 2)
      )
    })
  }
}
