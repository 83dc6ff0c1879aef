import { flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferThemeReprocess extends TransferAdminTask {
  static commandName = 'transfer:theme:reprocess'
  static description =
    'Process background media again from their originals (one, or all), here and now, with progress'

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
      if (error instanceof ThemeMediaRefused) {
        return this.fail(`No medium with id ${this.media}`)
      }
      throw error
    }
    if (ids.length === 0) {
      this.logger.info('No background media to process')
      return
    }
    for (const id of ids) {
      try {
        const media = await library.reprocess(id, { queue: false })
        this.logger.info(`${media.originalName}: processing (${media.kind})`)
        // A bar on a terminal; in a log, a line every tenth is enough to see it move.
        const progress = this.progress(media.originalName, 100, (percent) => `${percent}%`)
        const outcome = await processor.process(id, {
          isLastAttempt: true,
          onProgress: (percent) => progress.update(percent),
        })
        progress.finish()
        await media.refresh()
        if (outcome === 'ready') {
          this.logger.success(`${media.originalName}: ready (${media.renditions.length} files)`)
        } else {
          this.fail(`${media.originalName}: ${media.error ?? outcome}`)
        }
      } catch (error) {
        // One medium failing does not stop the others.
        this.fail(error instanceof Error ? error.message : String(error))
      }
    }
  }
}
