import { flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

/** Setting as GET /api/settings shows it. */
type SettingRow = {
  key: string
  description: string
  value: unknown
  default: unknown
  secret: boolean
  isSet: boolean
  updatedAt: string | null
}

export default class TransferSettingsList extends TransferAdminTask {
  static commandName = 'transfer:settings:list'
  static description = "List transfer's runtime settings with their values and defaults"

  @flags.boolean({ description: 'Print the settings as JSON (the shape of GET /api/settings)' })
  declare json?: boolean

  async run() {
    const { TransferSettings } = await import('#services/transfer/transfer_settings')
    const { default: SettingTransformer } =
      await import('#transformers/transfer/setting_transformer')
    const settings = await this.app.container.make(TransferSettings)
    const rows = (await this.serialized(
      SettingTransformer.transform(await settings.all())
    )) as SettingRow[]
    this.printList(
      rows,
      [
        { title: 'Key', value: (row) => row.key },
        {
          title: 'Value',
          value: (row) => (row.secret ? (row.isSet ? '(set)' : '(not set)') : show(row.value)),
        },
        { title: 'Default', value: (row) => (row.secret ? '' : show(row.default)) },
        { title: 'Changed', value: (row) => row.updatedAt },
        { title: 'Description', value: (row) => row.description },
      ],
      { json: this.json }
    )
  }
}

/** Lists as comma-separated addresses, text as typed (an empty text shows as a dash). */
function show(value: unknown) {
  return Array.isArray(value) ? value.join(', ') : (value as string | number | boolean)
}
