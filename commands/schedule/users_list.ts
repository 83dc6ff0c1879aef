import { UsersListCommand } from '#commands/shared/_relying_party_users_command'
import { scheduleUsersApp } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersList extends UsersListCommand {
  static commandName = 'schedule:users:list'
  static description = 'List the people allowed into schedule, with their roles'
  protected people = scheduleUsersApp
}
