import vine from '@vinejs/vine'
import { textBlock, textLine } from '#validators/shared/free_text'
import Setting from '#models/transfer/setting'
import { upsert } from '#services/shared/atomic_writes'

/*
 * Every runtime setting transfer knows: its default, its rule, the editor the
 * settings page shows for it (`input`) and whether its value is secret (never
 * sent back, only "set" or "not set"). A key not listed here cannot be stored.
 */
export const SETTING_DEFINITIONS = {
  email_verification_required: {
    description: 'Visitors must confirm their email address with a code before uploading.',
    default: false,
    rule: vine.boolean({ strict: true }),
    input: 'boolean',
    secret: false,
  },
  upload_alert_recipients: {
    description: 'Addresses told about each finished upload. Empty: every admin.',
    default: [] as string[],
    rule: vine.array(vine.string().trim().email().maxLength(254)).maxLength(50),
    input: 'email_list',
    secret: false,
  },
  upload_retention_days: {
    description: 'Finished uploads are removed this many days after they finish (0: keep).',
    default: 30,
    rule: vine.number().withoutDecimals().min(0).max(3650),
    input: 'number',
    secret: false,
  },
  share_default_expiry_days: {
    description: 'Expiry offered for a new share, in days (0: no expiry).',
    default: 7,
    rule: vine.number().withoutDecimals().min(0).max(3650),
    input: 'number',
    secret: false,
  },
  site_name: {
    description: 'Name shown on public pages and in emails.',
    default: 'Transfer',
    rule: textLine().minLength(1).maxLength(80),
    input: 'text',
    secret: false,
  },
  upload_page_message: {
    description: 'Text shown above the public upload form.',
    default: '',
    rule: textBlock().maxLength(2000),
    input: 'textarea',
    secret: false,
  },
} as const

export type SettingInput = 'boolean' | 'number' | 'text' | 'textarea' | 'email_list'
export type SettingKey = keyof typeof SETTING_DEFINITIONS
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFINITIONS)[K]['default']

/** A key with its stored row, or null while the default applies (SettingTransformer shapes it). */
export type StoredSetting = { key: SettingKey; row: Setting | null }

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key)
}

/**
 * A value typed at a terminal (`transfer:settings:set`), as the settings page
 * would send it: `true`/`false` for a switch, addresses separated by commas,
 * numbers and text as typed. Only the form changes; the key's rule still
 * decides whether the value is valid.
 */
export function settingValueFromText(key: SettingKey, text: string): unknown {
  switch (SETTING_DEFINITIONS[key].input) {
    case 'boolean': {
      const word = text.trim().toLowerCase()
      return word === 'true' ? true : word === 'false' ? false : text
    }
    case 'email_list':
      return text
        .split(/[\s,;]+/)
        .map((address) => address.trim())
        .filter(Boolean)
    default:
      return text
  }
}

/** Reads and writes the `settings` table, falling back to each key's default. */
export class TransferSettings {
  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const row = await Setting.find(key)
    return (row ? row.value : SETTING_DEFINITIONS[key].default) as SettingValue<K>
  }

  /** Validates the value against the key's rule; throws VineJS's validation error. */
  async set<K extends SettingKey>(key: K, value: unknown, userId: string | null = null) {
    const validator = vine.create({ value: SETTING_DEFINITIONS[key].rule })
    const { value: valid } = await validator.validate({ value })
    await upsert('settings', 'key', {
      key,
      value: JSON.stringify(valid),
      updated_by_user_id: userId,
      updated_at: new Date(),
    })
    return valid as SettingValue<K>
  }

  /** Every key with its stored row, in the order SETTING_DEFINITIONS lists them. */
  async all(): Promise<StoredSetting[]> {
    const stored = await Setting.all()
    const rows = new Map(stored.map((row) => [row.key, row]))
    return (Object.keys(SETTING_DEFINITIONS) as SettingKey[]).map((key) => ({
      key,
      row: rows.get(key) ?? null,
    }))
  }

  /** One key as `all()` lists it. */
  async find(key: SettingKey): Promise<StoredSetting> {
    return { key, row: await Setting.find(key) }
  }
}
