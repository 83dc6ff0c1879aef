import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferThemeUpload extends TransferAdminTask {
  static commandName = 'transfer:theme:upload'
  static description =
    'Add a picture or a video to the background media, checked as the Appearance page checks it; its processing is queued'

  @args.string({
    description: 'The file: a JPEG, PNG, WebP or AVIF image, or an MP4, MOV or WebM video',
  })
  declare path: string

  @flags.string({ description: 'The name it is listed under (default: the file name)' })
  declare name?: string

  @flags.boolean({ description: 'Print the medium as JSON (the shape of POST /api/theme/media)' })
  declare json?: boolean

  async run() {
    const { ThemeMediaLibrary, localThemeFile } =
      await import('#services/transfer/theme/theme_media_library')
    const { default: ThemeMediaTransformer } =
      await import('#transformers/transfer/theme_media_transformer')
    const library = await this.app.container.make(ThemeMediaLibrary)
    await this.guarded(async () => {
      const media = await library.add(await localThemeFile(this.path, this.name), null)
      if (this.json) {
        return this.printJson(
          await this.serialized(ThemeMediaTransformer.transform({ media, usedOn: [] }))
        )
      }
      this.logger.success(`Added ${media.originalName} (${media.kind}): ${media.id}`)
      this.logger.log(
        `Status: ${media.status}; its processing is queued (follow it with transfer:theme:list)`
      )
    })
  }
}
