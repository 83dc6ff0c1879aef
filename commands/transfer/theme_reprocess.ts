import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

export default class TransferThemeReprocess extends AppCommand {
  static commandName = 'transfer:theme:reprocess'
  static description =
    'Process background media again from their originals (one, or all), here and now, with progress'
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  @flags.string({ description: 'Only this medium (its id, from transfer:theme:list)' })
  declare media?: string

  async run() {
    const { ThemeMediaLibrary, ThemeMediaRefused } =
      await import('#services/transfer/theme/theme_media_library')
    const { ThemeMediaProcessor } = await import('#services/transfer/theme/theme_media_processor')
    const library = await this.app.container.make(ThemeMediaLibrary)
    const processor = await this.app.container.make(ThemeMediaProcessor)
    let ids: string[]
    try {
      const media = this.media ? [await library.find(this.media)] : await library.list()
      ids = media.map((entry) => entry.id)
    } catch (error) {
      this.logger.error(
        error instanceof ThemeMediaRefused ? `No medium with id ${this.media}` : String(error)
      )
      this.exitCode = 1
      return
    }
    if (ids.length === 0) {
      this.logger.info('No background media to process')
      return
    }
    for (const id of ids) {
      try {
        const media = await library.reprocess(id, { queue: false })
        this.logger.info(`${media.originalName}: processing (${media.kind})`)
        let shown = 0
        const outcome = await processor.process(id, {
          isLastAttempt: true,
          // A line every tenth is enough to see it move.
          onProgress: (percent) => {
            if (percent >= shown + 10) {
              shown = percent - (percent % 10)
              this.logger.info(`${media.originalName}: ${shown}%`)
            }
          },
        })
        await media.refresh()
        if (outcome === 'ready') {
          this.logger.success(`${media.originalName}: ready (${media.renditions.length} files)`)
        } else {
          this.logger.error(`${media.originalName}: ${media.error ?? outcome}`)
          this.exitCode = 1
        }
      } catch (error) {
        this.logger.error(error instanceof Error ? error.message : String(error))
        this.exitCode = 1
      }
    }
  }
}
