import { BaseTransformer } from '@adonisjs/core/transformers'
import type { JSONDataTypes } from '@adonisjs/core/types/transformers'
import type AuditEvent from '#models/sso/audit_event'
import { TERMINAL_ORIGIN } from '#services/sso/audit_log'
import { deviceName } from '#services/shared/device_names'

type Account = { id: number; email: string }

function accountOf(user: AuditEvent['user'] | null): Account | null {
  return user ? { id: user.id, email: user.email } : null
}

/**
 * One row of the admin's audit log (`user` and `actor` preloaded). Changes
 * made at the terminal have no acting account (the log stores the person
 * there), so they are shown as the terminal's. The audit page (`forPage`)
 * also gets the device's name.
 */
export default class AuditEntryTransformer extends BaseTransformer<AuditEvent> {
  toObject() {
    const entry = this.resource
    const fromTerminal = entry.ip === null && entry.userAgent === TERMINAL_ORIGIN.userAgent
    const actor: Account | { terminal: true } | null = fromTerminal
      ? { terminal: true }
      : accountOf(entry.actor)
    return {
      id: entry.id,
      event: entry.event,
      createdAt: entry.createdAt.toISO(),
      person: accountOf(entry.user),
      email: entry.email,
      actor,
      ip: entry.ip,
      userAgent: entry.userAgent,
      details: entry.details as Record<string, JSONDataTypes>,
    }
  }

  forPage() {
    return { ...this.toObject(), device: deviceName(this.resource.userAgent) }
  }
}
