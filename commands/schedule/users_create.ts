import { UsersCreateCommand } from '#commands/shared/_relying_party_users_command'
import { scheduleUsersApp } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersCreate extends UsersCreateCommand {
  static commandName = 'schedule:users:create'
  static description = 'Allow a person into schedule by email (does nothing when they already are)'
  protected people = scheduleUsersApp
}
