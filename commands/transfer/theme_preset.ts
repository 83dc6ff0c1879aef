import { args, flags } from '@adonisjs/core/ace'
import { TransferAdminTask } from '#commands/transfer/_admin_task_command'

export default class TransferThemePreset extends TransferAdminTask {
  static commandName = 'transfer:theme:preset'
  static description =
    'Show the presets background videos are transcoded with, or choose one (it applies to videos processed from now on)'

  @args.string({
    description: 'The preset to use from now on (fast, balanced, quality)',
    required: false,
  })
  declare name?: string

  @flags.boolean({
    description:
      'Print as JSON (the transcode part of GET /api/theme/settings; with a name, the answer of POST /api/theme/settings/transcode)',
  })
  declare json?: boolean

  async run() {
    const { AppearanceSettings } = await import('#services/transfer/theme/appearance_settings')
    const { TranscodeSettings } = await import('#services/transfer/theme/transcode_presets')
    const { transcodePresetValidator } = await import('#validators/transfer/theme_validators')
    if (this.name === undefined) {
      const appearance = await this.app.container.make(AppearanceSettings)
      const { transcode } = await appearance.summary()
      this.printList(
        transcode.presets,
        [
          { title: 'Preset', value: (preset) => preset.name },
          { title: 'In use', value: (preset) => preset.name === transcode.preset },
          { title: 'Label', value: (preset) => preset.label },
          { title: 'What it makes', value: (preset) => preset.description },
        ],
        { json: this.json, jsonValue: transcode }
      )
      return
    }
    const transcoding = await this.app.container.make(TranscodeSettings)
    await this.guarded(async () => {
      const { preset } = await transcodePresetValidator.validate({ preset: this.name })
      await transcoding.setPreset(preset, null)
      if (this.json) {
        return this.printJson({ preset })
      }
      this.logger.success(
        `Background videos are transcoded with the ${preset} preset from now on (transfer:theme:reprocess redoes earlier ones)`
      )
    })
  }
}
