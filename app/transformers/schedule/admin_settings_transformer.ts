import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ScheduleSettings, SettingKey } from '#services/schedule/settings/schedule_settings'

type Described = Awaited<ReturnType<ScheduleSettings['describe']>>

/** What a setting holds: text, a number (week_starts_on) or nothing (a secret, an unset key). */
type SettingValue = string | number | null

/**
 * The app's settings and how to edit each (GET and PATCH /api/admin/settings,
 * the admin page): a secret's value is never sent, only whether it is set.
 */
export default class AdminSettingsTransformer extends BaseTransformer<Described> {
  toObject() {
    return {
      settings: this.resource.settings as Record<SettingKey, SettingValue>,
      definitions: this.resource.definitions.map((definition) => ({
        key: definition.key,
        description: definition.description,
        input: definition.input,
        ...(definition.options
          ? {
              options: definition.options.map((option) => ({
                value: option.value,
                label: option.label,
              })),
            }
          : {}),
        secret: definition.secret,
        default: definition.default as SettingValue,
        isSet: definition.isSet,
      })),
    }
  }
}
