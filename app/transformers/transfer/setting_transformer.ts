import { BaseTransformer } from '@adonisjs/core/transformers'
import {
  SETTING_DEFINITIONS,
  type SettingInput,
  type StoredSetting,
} from '#services/transfer/transfer_settings'

/** What a setting can hold, as JSON: every key's rule yields one of these. */
type SettingData = boolean | number | string | string[] | null

/**
 * One runtime setting (spec 2: GET /api/settings): its value or default, and
 * what the settings page needs to edit it. A secret value never leaves the
 * server; `isSet` says whether one is stored.
 */
export default class SettingTransformer extends BaseTransformer<StoredSetting> {
  toObject() {
    const { key, row } = this.resource
    const definition = SETTING_DEFINITIONS[key] as {
      description: string
      default: SettingData
      input: SettingInput
      secret: boolean
    }
    return {
      key,
      description: definition.description,
      input: definition.input,
      secret: definition.secret,
      value: definition.secret ? null : row ? (row.value as SettingData) : definition.default,
      default: definition.secret ? null : definition.default,
      isSet: row !== null,
      updatedAt: row?.updatedAt.toISO() ?? null,
    }
  }
}
