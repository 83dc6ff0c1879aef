import { UsersDeleteCommand } from '#commands/shared/_relying_party_users_command'
import { scheduleUsersApp } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersDelete extends UsersDeleteCommand {
  static commandName = 'schedule:users:delete'
  static description =
    'Remove a person from schedule (asks first unless --force; the last admin stays)'
  protected people = scheduleUsersApp
}
