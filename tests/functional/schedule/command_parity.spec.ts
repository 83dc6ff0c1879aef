import { commandParity } from '#tests/helpers/command_parity'
import { SCHEDULE_ADMIN_COMMANDS } from '#services/schedule/admin_commands'

commandParity('schedule', SCHEDULE_ADMIN_COMMANDS)
