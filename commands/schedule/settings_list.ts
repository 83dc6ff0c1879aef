import { ScheduleListCommand } from '#commands/schedule/_schedule_admin_command'

export default class ScheduleSettingsList extends ScheduleListCommand {
  static commandName = 'schedule:settings:list'
  static description =
    "The app's settings as Administration shows them (a secret only as set or not)"

  async run() {
    const { ScheduleSettings } = await import('#services/schedule/settings/schedule_settings')
    const { serializer } = await import('#services/shared/serialize')
    const { default: AdminSettingsTransformer } =
      await import('#transformers/schedule/admin_settings_transformer')
    const settings = await this.app.container.make(ScheduleSettings)
    // GET /api/admin/settings answers exactly this.
    const described = await serializer.serialize(
      AdminSettingsTransformer.transform(await settings.describe())
    )
    const values = described.settings as Record<string, unknown>
    this.printList(
      described.definitions,
      [
        { title: 'Setting', value: (definition) => definition.key },
        {
          title: 'Value',
          value: (definition) =>
            definition.secret
              ? definition.isSet
                ? '(set)'
                : '(not set)'
              : showValue(values[definition.key]),
        },
        { title: 'Default', value: (definition) => showValue(definition.default) },
        { title: 'What it is', value: (definition) => definition.description },
      ],
      { json: this.json, jsonValue: described }
    )
  }
}

/** An empty text shows as "" so it is not taken for a missing value. */
function showValue(value: unknown) {
  return value === '' ? '""' : (value as string | number | null)
}
