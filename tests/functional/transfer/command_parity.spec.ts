import { commandParity } from '#tests/helpers/command_parity'
import { TRANSFER_ADMIN_COMMANDS } from '#services/transfer/admin_commands'

commandParity('transfer', TRANSFER_ADMIN_COMMANDS)
