import { args, flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleSettingsSet extends ScheduleAdminCommand {
  static commandName = 'schedule:settings:set'
  static description =
    'Change one setting as Administration does (--unset puts it back to its default; --generate makes a new backup secret, printed once)'

  @args.string({ description: 'The setting, as schedule:settings:list names it' })
  declare key: string

  @args.string({ description: 'Its new value', required: false })
  declare value?: string

  @flags.boolean({ description: 'Put the setting back to its default (a secret: remove it)' })
  declare unset?: boolean

  @flags.boolean({
    description: 'Make a new random value for a secret (backup_secret) and print it once',
  })
  declare generate?: boolean

  async run() {
    const given = [this.value !== undefined, this.unset, this.generate].filter(Boolean).length
    if (given !== 1) {
      return this.wrongUsage('Give the setting one of: a value, --unset or --generate')
    }
    const { ScheduleSettings, SETTING_DEFINITIONS, isSettingKey } =
      await import('#services/schedule/settings/schedule_settings')
    if (!isSettingKey(this.key)) {
      return this.fail(
        `No setting ${this.key}; the settings are ${Object.keys(SETTING_DEFINITIONS).join(', ')}`
      )
    }
    const key = this.key
    const definition = SETTING_DEFINITIONS[key]
    const settings = await this.app.container.make(ScheduleSettings)
    await this.guarded(async () => {
      if (this.generate) {
        const secret = await settings.generateSecret(key)
        this.logger.success(`New ${key} (shown only now; the previous one stops working):`)
        this.logger.log(secret)
        return
      }
      if (this.unset) {
        await settings.update({ [key]: null })
        this.logger.success(
          definition.secret ? `${key} is removed` : `${key} is back to its default`
        )
        return
      }
      // The page sends a choice's value as it is typed in the options: a number stays one.
      const numeric =
        'options' in definition &&
        definition.options.some((option) => typeof option.value === 'number')
      const value = numeric && /^\d+$/.test(this.value!) ? Number(this.value) : this.value
      await settings.update({ [key]: value })
      this.logger.success(
        definition.secret ? `${key} is set` : `${key} is now ${JSON.stringify(value)}`
      )
    })
  }
}
