import { randomBytes } from 'node:crypto'
import vine, { errors as vineErrors } from '@vinejs/vine'
import { secretText, textBlock, textLine } from '#validators/shared/free_text'
import db from '@adonisjs/lucid/services/db'
import AppSetting from '#models/schedule/app_setting'
import { upsert } from '#services/shared/atomic_writes'

/*
 * Every setting an admin edits under Administration: its default, its rule,
 * the editor the settings page shows (`input`, with `options` for a choice)
 * and whether the value is secret (never sent back, only whether it is set).
 * app_settings holds other keys too (calendar sync, later issues); only the
 * keys listed here can be read or written through /api/admin/settings.
 */
export const SETTING_DEFINITIONS = {
  company_name: {
    description: 'Company name, shown on the sign-in page and in the header.',
    default: '',
    rule: textLine().maxLength(120),
    input: 'text',
    secret: false,
  },
  landing_title: {
    description: 'Heading of the sign-in page.',
    default: 'Schedule',
    rule: textLine().maxLength(200),
    input: 'text',
    secret: false,
  },
  landing_message: {
    description: 'Text under the heading of the sign-in page.',
    default: '',
    rule: textBlock().maxLength(2000),
    input: 'textarea',
    secret: false,
  },
  week_starts_on: {
    description: 'First day of the week in the calendars.',
    default: 1,
    rule: vine.enum([0, 1] as const),
    input: 'select',
    options: [
      { value: 0, label: 'Sunday' },
      { value: 1, label: 'Monday' },
    ],
    secret: false,
  },
  default_calendar_view: {
    description: 'The calendar view people see first.',
    default: 'month',
    rule: vine.enum(['month', 'two_weeks', 'week', 'day', 'year'] as const),
    input: 'select',
    options: [
      { value: 'month', label: 'Month' },
      { value: 'two_weeks', label: 'Two weeks' },
      { value: 'week', label: 'Week' },
      { value: 'day', label: 'Day' },
      { value: 'year', label: 'Year' },
    ],
    secret: false,
  },
  default_calendar_mode: {
    description: 'Whether the calendar opens on projects or on people.',
    default: 'projects',
    rule: vine.enum(['projects', 'people'] as const),
    input: 'select',
    options: [
      { value: 'projects', label: 'Projects' },
      { value: 'people', label: 'People' },
    ],
    secret: false,
  },
  default_project_color: {
    description: 'Colour of a new project.',
    default: '#2563eb',
    rule: vine.string().regex(/^#[0-9a-f]{6}$/i),
    input: 'color',
    secret: false,
  },
  backup_secret: {
    description:
      'Secret that lets a backup script download the database export (when BACKUP_SECRET is not set).',
    default: null,
    rule: vine.string().use(secretText()).minLength(16).maxLength(200),
    input: 'secret',
    secret: true,
  },
} as const

export type SettingKey = keyof typeof SETTING_DEFINITIONS
export type SettingInput = 'text' | 'textarea' | 'select' | 'color' | 'secret'
type SettingDefinition = {
  description: string
  default: unknown
  input: SettingInput
  options?: readonly { value: string | number; label: string }[]
  secret: boolean
}

/** The settings the public sign-in page may read (GET /api/landing-settings). */
export const LANDING_KEYS = ['company_name', 'landing_title', 'landing_message'] as const

const KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[]

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key)
}

function definitionOf(key: SettingKey) {
  return SETTING_DEFINITIONS[key] as SettingDefinition
}

/*
 * One PATCH body: any of the keys; null puts a key back to its default (for a
 * secret: unsets it). Built from the definitions, so a new key needs no
 * second list.
 */
const changesValidator = vine.create(
  vine.object(
    Object.fromEntries(
      KEYS.map((key) => [key, SETTING_DEFINITIONS[key].rule.clone().nullable().optional()])
    )
  )
)

/** Reads and writes app_settings for the keys above, falling back to each key's default. */
export class ScheduleSettings {
  /** Values by key; a secret's value is null (use `isSet`). */
  async values<K extends SettingKey>(keys: readonly K[] = KEYS as K[]) {
    const stored = await this.stored(keys)
    return Object.fromEntries(
      keys.map((key) => {
        const definition = definitionOf(key)
        const value = definition.secret
          ? null
          : stored.has(key)
            ? stored.get(key)
            : definition.default
        return [key, value]
      })
    ) as Record<K, unknown>
  }

  /** GET /api/admin/settings: values, and how to edit each key. */
  async describe() {
    const stored = await this.stored(KEYS)
    return {
      settings: await this.values(),
      definitions: KEYS.map((key) => {
        const definition = definitionOf(key)
        return {
          key,
          description: definition.description,
          input: definition.input,
          ...(definition.options ? { options: definition.options } : {}),
          secret: definition.secret,
          default: definition.secret ? null : definition.default,
          isSet: stored.has(key),
        }
      }),
    }
  }

  /**
   * Validates and stores the changes together; an unknown key is a 422 on
   * that field, like any other validation failure.
   */
  async update(body: Record<string, unknown>) {
    const unknown = Object.keys(body).filter((key) => !isSettingKey(key))
    if (unknown.length > 0) {
      throw new vineErrors.E_VALIDATION_ERROR(
        unknown.map((field) => ({ field, message: 'Unknown setting', rule: 'setting' }))
      )
    }
    const changes = (await changesValidator.validate(body)) as Partial<Record<SettingKey, unknown>>
    await db.transaction(async (trx) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) {
          continue
        }
        if (value === null) {
          await AppSetting.query({ client: trx }).where('key', key).delete()
        } else {
          await upsert(
            'app_settings',
            'key',
            { key, value: JSON.stringify(value), updated_at: new Date() },
            trx
          )
        }
      }
    })
  }

  /**
   * Stores a new random value for a secret key (the backup secret) and
   * returns it: the only time anyone sees it, as a secret is never read back.
   */
  async generateSecret(key: string) {
    if (!isSettingKey(key) || !definitionOf(key).secret) {
      throw new vineErrors.E_VALIDATION_ERROR([
        { field: key, message: 'Only a secret setting can be generated', rule: 'setting' },
      ])
    }
    const secret = randomBytes(32).toString('base64url')
    await this.update({ [key]: secret })
    return secret
  }

  protected async stored(keys: readonly SettingKey[]) {
    const rows = await AppSetting.query().whereIn('key', keys as SettingKey[])
    return new Map(rows.map((row) => [row.key, row.value]))
  }
}

/*
 * app_settings keys of the taskboard webhook (not editable through
 * /api/admin/settings: /api/admin/taskboard/* checks and keeps them). The
 * signing secret is stored encrypted with the app key.
 */
export const TASKBOARD_SETTING_KEYS = {
  url: 'taskboard_webhook_url',
  secret: 'taskboard_webhook_secret',
  connectedAt: 'taskboard_connected_at',
  lastDelivery: 'taskboard_last_delivery',
} as const
