import { commandParity } from '#tests/helpers/command_parity'

commandParity('sso')
