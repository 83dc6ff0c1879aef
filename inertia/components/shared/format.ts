/*
 * Human wording of machine values for every page of the three apps: numbers,
 * file sizes and durations in the reader's locale (`Intl`), audit event names
 * and lists of changed fields. Dates and times live in dates.ts. Each
 * function takes an optional locale; pages leave it out so the browser's
 * own locale applies, tests pin one.
 *
 * Device names ("Chrome on Linux") are made on the server from the
 * User-Agent (app/services/shared/device_names.ts) and arrive with the page
 * props: the parser would add about 13 KiB (gzip) to every page importing
 * this module.
 */

/** 12345.6 → "12,345.6" (en), "12.345,6" (de). */
export function formatNumber(value: number, locale?: string) {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/**
 * 1536 → "1.5 kB", 3 × 1024³ → "3 GB": multiples of 1024, as the servers'
 * emails count them, one decimal below 10 of a unit.
 */
export function formatBytes(bytes: number, locale?: string) {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value)
}

/**
 * A length of time in its two largest parts: 3725 s → "1 hr 2 mins",
 * 75 s → "1 min 15 secs", 0 → "0 secs"; whole days above a day.
 */
export function formatDuration(seconds: number, locale?: string) {
  const whole = Math.max(0, Math.round(seconds))
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(whole / 86_400), 'day'],
    [Math.floor((whole % 86_400) / 3600), 'hour'],
    [Math.floor((whole % 3600) / 60), 'minute'],
    [whole % 60, 'second'],
  ]
  const first = parts.findIndex(([amount]) => amount > 0)
  if (first === -1) {
    return unitAmount(0, 'second', locale)
  }
  return parts
    .slice(first, first + 2)
    .filter(([amount]) => amount > 0)
    .map(([amount, unit]) => unitAmount(amount, unit, locale))
    .join(' ')
}

function unitAmount(amount: number, unit: string, locale?: string) {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(amount)
}

/** "crewRoleId" → "crew role", "sign_in_failed" → "sign in failed": a machine name as words. */
export function machineNameToWords(name: string) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+id$/i, '')
    .trim()
    .toLowerCase()
}

function capitalised(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** What each event sso records (app/services/sso/audit_log.ts) is called on a page. */
export const AUDIT_EVENT_NAMES: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  registered: 'Account created',
  registration_attempted: 'Someone tried to register this address again',
  email_verified: 'Email address confirmed',
  email_changed: 'Email address changed',
  password_reset_requested: 'Password reset asked for',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  profile_updated: 'Profile updated',
  totp_enabled: 'Two-factor authentication turned on',
  totp_disabled: 'Two-factor authentication turned off',
  totp_reset: 'Two-factor authentication reset by an admin',
  totp_failed: 'Wrong two-factor code',
  recovery_code_used: 'Recovery code used',
  session_ended: 'Session ended',
  external_account_linked: 'External account linked',
  user_created: 'Person added',
  user_disabled: 'Account disabled',
  user_enabled: 'Account enabled',
  admin_granted: 'Made an admin',
  admin_revoked: 'Admin rights removed',
  app_created: 'App connected',
  app_updated: 'App changed',
  app_secret_rotated: 'App secret key replaced',
  app_disabled: 'App turned off',
  app_enabled: 'App turned on',
  app_deleted: 'App removed',
  signing_key_rotated: 'Signing key replaced',
}

/** "sign_in_failed" → "Sign-in failed"; an event not in the table as words: "quota_hit" → "Quota hit". */
export function auditEventName(event: string) {
  return AUDIT_EVENT_NAMES[event] ?? capitalised(machineNameToWords(event))
}

/** ["name", "displayName"] → "name, display name" in the reader's language's list style. */
export function formatList(items: string[], locale?: string) {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items)
}

/** `fields: ["name", "displayName"]` → "Changed: name and display name". */
export function changedFields(fields: string[], locale?: string) {
  return `Changed: ${formatList(fields.map(machineNameToWords), locale)}`
}

/**
 * An event's details as short lines a person can read: a list of fields as
 * "Changed: …", every other entry as "Key in words: value".
 */
export function detailLines(details: Record<string, unknown>, locale?: string) {
  return Object.entries(details).map(([key, value]) => {
    if (key === 'fields' && Array.isArray(value)) {
      return changedFields(value.map(String), locale)
    }
    return `${capitalised(machineNameToWords(key))}: ${detailValue(value, locale)}`
  })
}

function detailValue(value: unknown, locale?: string): string {
  if (typeof value === 'boolean') {
    return value ? 'yes' : 'no'
  }
  if (typeof value === 'number') {
    return formatNumber(value, locale)
  }
  if (typeof value === 'string') {
    return /^[a-z]+(_[a-z]+)+$/.test(value) ? machineNameToWords(value) : value
  }
  if (Array.isArray(value)) {
    return formatList(
      value.map((item) => detailValue(item, locale)),
      locale
    )
  }
  return value === null || value === undefined ? '—' : JSON.stringify(value)
}
