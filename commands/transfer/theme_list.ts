import { flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

/** A medium as GET /api/theme/media shows it. */
type MediaRow = {
  id: string
  name: string
  kind: string
  status: string
  progress: number
  error: string | null
  size: number
  width: number | null
  height: number | null
  durationSeconds: number | null
  usedOn: string[]
}

export default class TransferThemeList extends TransferAdminTask {
  static commandName = 'transfer:theme:list'
  static description =
    'List the background media with their processing status, and what each public page shows'

  @flags.boolean({
    description:
      'Print { media, settings } as JSON: the shapes of GET /api/theme/media and GET /api/theme/settings',
  })
  declare json?: boolean

  async run() {
    const { ThemeMediaLibrary, PAGE_NAMES } =
      await import('#services/transfer/theme/theme_media_library')
    const { AppearanceSettings } = await import('#services/transfer/theme/appearance_settings')
    const { formatBytes } = await import('#services/transfer/transfer_mailer')
    const { default: ThemeMediaTransformer } =
      await import('#transformers/transfer/theme_media_transformer')
    const library = await this.app.container.make(ThemeMediaLibrary)
    const appearance = await this.app.container.make(AppearanceSettings)
    const media: MediaRow[] = []
    for (const entry of await library.list()) {
      const usedOn = await library.usage(entry.id)
      media.push(
        (await this.serialized(
          ThemeMediaTransformer.transform({ media: entry, usedOn })
        )) as MediaRow
      )
    }
    const settings = await appearance.summary()
    this.printList(
      media,
      [
        { title: 'Id', value: (entry) => entry.id },
        { title: 'Name', value: (entry) => entry.name },
        { title: 'Kind', value: (entry) => entry.kind },
        {
          title: 'Status',
          value: (entry) =>
            entry.status === 'processing'
              ? `processing ${entry.progress}%`
              : entry.status === 'failed'
                ? `failed: ${entry.error}`
                : entry.status,
        },
        { title: 'Size', value: (entry) => formatBytes(entry.size) },
        {
          title: 'Dimensions',
          value: (entry) =>
            [
              entry.width && entry.height ? `${entry.width}×${entry.height}` : '',
              entry.durationSeconds ? `${entry.durationSeconds.toFixed(1)} s` : '',
            ]
              .filter(Boolean)
              .join(', '),
        },
        { title: 'Used on', value: (entry) => entry.usedOn.join(', ') },
      ],
      {
        json: this.json,
        jsonValue: { media, settings },
        empty: 'No background media yet: add one with transfer:theme:upload',
      }
    )
    if (this.json) {
      return
    }
    for (const page of settings.pages) {
      const chosen = page.mediaIds.length ? ` (${page.mediaIds.join(', ')})` : ''
      this.logger.info(`${PAGE_NAMES[page.page]}: ${page.mode}${chosen}`)
    }
    this.logger.info(`Videos are transcoded with the ${settings.transcode.preset} preset`)
  }
}
