import { commandParity } from '#tests/helpers/command_parity'
import { SSO_ADMIN_COMMANDS } from '#services/sso/admin_commands'

commandParity('sso', SSO_ADMIN_COMMANDS)
