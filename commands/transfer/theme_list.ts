import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferThemeList extends AppCommand {
  static commandName = 'transfer:theme:list'
  static description =
    'List the background media with their processing status, and what each public page shows'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  async run() {
    const { ThemeMediaLibrary, PAGE_NAMES } =
      await import('#services/transfer/theme/theme_media_library')
    const { ThemePages } = await import('#services/transfer/theme/theme_pages')
    const { formatBytes } = await import('#services/transfer/transfer_mailer')
    const library = await this.app.container.make(ThemeMediaLibrary)
    const media = await library.list()
    if (media.length === 0) {
      this.logger.info('No background media yet: admins upload them on Admin → Appearance')
    } else {
      const table = this.ui.table()
      table.head(['Id', 'Name', 'Kind', 'Status', 'Size', 'Dimensions', 'Used on'])
      for (const entry of media) {
        const usedOn = await library.usage(entry.id)
        table.row([
          entry.id,
          entry.originalName,
          entry.kind,
          entry.status === 'processing'
            ? `processing ${entry.progress}%`
            : entry.status === 'failed'
              ? `failed: ${entry.error}`
              : entry.status,
          formatBytes(entry.originalSize),
          [
            entry.width && entry.height ? `${entry.width}×${entry.height}` : '',
            entry.durationSeconds ? `${entry.durationSeconds.toFixed(1)} s` : '',
          ]
            .filter(Boolean)
            .join(', '),
          usedOn.join(', '),
        ])
      }
      table.render()
    }
    for (const page of await new ThemePages().all()) {
      const chosen = page.mediaIds.length ? ` (${page.mediaIds.join(', ')})` : ''
      this.logger.info(`${PAGE_NAMES[page.page]}: ${page.mode}${chosen}`)
    }
  }
}
