import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferSharesList extends AppCommand {
  static commandName = 'transfer:shares:list'
  static description = 'List the share links with their passwords, expiry and downloads'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  async run() {
    const { appUrl } = await import('#config/app')
    const { StaffShares } = await import('#services/transfer/staff_shares')
    const shares = new StaffShares()
    const list = await shares.list()
    if (list.length === 0) {
      this.logger.info('No shares yet: create one with transfer:shares:create')
      return
    }
    const table = this.ui.table()
    table.head(['Id', 'File', 'Link', 'Password', 'Expires', 'Downloads'])
    for (const share of list) {
      const view = shares.view(share, appUrl)
      table.row([
        view.id,
        view.fileName,
        view.url,
        view.password ?? (view.hasPassword ? '(unreadable)' : ''),
        view.expired
          ? `closed (${view.expiresAt ?? 'limit reached'})`
          : (view.expiresAt ?? 'never'),
        view.maxDownloads === null
          ? String(view.downloadCount)
          : `${view.downloadCount} of ${view.maxDownloads}`,
      ])
    }
    table.render()
  }
}
