import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferSettingsSet extends TransferAdminTask {
  static commandName = 'transfer:settings:set'
  static description =
    'Change one runtime setting, checked by the rule the settings page uses (addresses comma-separated)'

  @args.string({ description: 'The setting (see transfer:settings:list)' })
  declare key: string

  @args.string({
    description: 'Its new value: true/false, a number, text, or addresses separated by commas',
    // An empty value is a value: an empty message, or no alert recipients.
    allowEmptyValue: true,
  })
  declare value: string

  @flags.boolean({ description: 'Print the setting as JSON (the shape of PUT /api/settings/:key)' })
  declare json?: boolean

  async run() {
    const { SETTING_DEFINITIONS, TransferSettings, isSettingKey, settingValueFromText } =
      await import('#services/transfer/transfer_settings')
    const { default: SettingTransformer } =
      await import('#transformers/transfer/setting_transformer')
    const key = this.key
    if (!isSettingKey(key)) {
      return this.fail(
        `No setting ${key}: the settings are ${Object.keys(SETTING_DEFINITIONS).join(', ')}`
      )
    }
    const settings = await this.app.container.make(TransferSettings)
    await this.guarded(
      async () => {
        await settings.set(key, settingValueFromText(key, this.value), null)
        const saved = (await this.serialized(
          SettingTransformer.transform(await settings.find(key))
        )) as { value: unknown; secret: boolean }
        if (this.json) {
          return this.printJson(saved)
        }
        this.logger.success(`${key} is now ${saved.secret ? 'set' : JSON.stringify(saved.value)}`)
      },
      () => key
    )
  }
}
