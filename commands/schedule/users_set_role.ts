import { UsersSetRoleCommand } from '#commands/shared/_relying_party_users_command'
import { scheduleUsersApp } from '#commands/schedule/_schedule_users_command'

export default class ScheduleUsersSetRole extends UsersSetRoleCommand {
  static commandName = 'schedule:users:set-role'
  static description = 'Make a schedule user staff or admin (the last admin stays admin)'
  protected people = scheduleUsersApp
}
