import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferThemeDelete extends TransferAdminTask {
  static commandName = 'transfer:theme:delete'
  static description =
    'Delete a background medium with its processed files (refused while a page uses it)'

  @args.string({ description: 'The medium (its id, from transfer:theme:list)' })
  declare id: string

  @flags.boolean({ description: 'Do it without asking (needed when not on a terminal)' })
  declare force?: boolean

  async run() {
    const { ThemeMediaLibrary } = await import('#services/transfer/theme/theme_media_library')
    const library = await this.app.container.make(ThemeMediaLibrary)
    await this.guarded(async () => {
      const media = await library.find(this.id)
      // Refused before asking, as the page refuses: the library says which pages use it.
      const pages = await library.usage(media.id)
      if (pages.length > 0) {
        return library.remove(media.id)
      }
      if (
        !(await this.confirmDestructive(
          `Delete ${media.originalName}? Its original and processed files are removed`,
          this.force
        ))
      ) {
        return
      }
      await library.remove(media.id)
      this.logger.success(`Deleted ${media.originalName}`)
    })
  }
}
