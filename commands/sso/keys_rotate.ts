import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class SsoKeysRotate extends AppCommand {
  static commandName = 'sso:keys:rotate'
  static description =
    'Create a new token signing key, retire the current one and prune keys retired long enough ago'
  static options: CommandOptions = { startApp: true }
  protected appId = 'sso' as const

  @flags.boolean({
    description: 'Only prune keys whose tokens have all expired; do not rotate',
    default: false,
  })
  declare pruneOnly: boolean

  async run() {
    const { signingKeys } = await import('#services/sso/signing_keys')
    const { TERMINAL_ORIGIN } = await import('#services/sso/audit_log')
    if (!this.pruneOnly) {
      const { kid, retired } = await signingKeys.rotate(TERMINAL_ORIGIN)
      this.logger.success(`New signing key ${kid}`)
      for (const old of retired) {
        this.logger.info(`Retired ${old}: its tokens keep validating until they expire`)
      }
    }
    const pruned = await signingKeys.prune()
    for (const old of pruned) {
      this.logger.info(`Pruned ${old}`)
    }
    if (pruned.length === 0) {
      this.logger.info('No retired key is old enough to prune')
    }
  }
}
