import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import AuditEvent from '#models/sso/audit_event'

/** The security events sso records (ARCHITECTURE: who, when, IP, user agent). */
export const AUDIT_EVENTS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'registered',
  'registration_attempted',
  'email_verified',
  'email_changed',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'profile_updated',
  'totp_enabled',
  'totp_disabled',
  'totp_reset',
  'totp_failed',
  'recovery_code_used',
  'session_ended',
  'external_account_linked',
  'user_created',
  'user_disabled',
  'user_enabled',
  'admin_granted',
  'admin_revoked',
  'app_created',
  'app_updated',
  'app_secret_rotated',
  'app_disabled',
  'app_enabled',
  'app_deleted',
  'signing_key_rotated',
] as const

export type AuditEventName = (typeof AUDIT_EVENTS)[number]

/** Where an event came from: a browser request, or an operator at the terminal. */
export interface AuditOrigin {
  ip: string | null
  userAgent: string | null
}

export const TERMINAL_ORIGIN: AuditOrigin = { ip: null, userAgent: 'ace (terminal)' }

export function requestOrigin({ request }: HttpContext): AuditOrigin {
  return {
    ip: request.ip(),
    userAgent: request.header('user-agent')?.slice(0, 512) ?? null,
  }
}

export interface AuditEntry {
  origin: AuditOrigin
  /** The person the event is about. */
  userId?: number | null
  /** Who did it, when not the person themselves (an admin). */
  actorId?: number | null
  email?: string | null
  details?: Record<string, unknown>
}

/** What the admin's audit log can be filtered by (see `AuditLog.search`). */
export interface AuditFilters {
  event?: string
  userId?: number
  person?: string
  from?: string
  to?: string
  zone?: string
}

export class AuditLog {
  /** Records an event; with `client`, inside that transaction. */
  async record(event: AuditEventName, entry: AuditEntry, client?: TransactionClientContract) {
    await AuditEvent.create(
      {
        event,
        userId: entry.userId ?? null,
        // Left out: the person acted themselves. null: nobody signed in did (the terminal).
        actorId: entry.actorId === undefined ? (entry.userId ?? null) : entry.actorId,
        email: entry.email ?? null,
        ip: entry.origin.ip,
        userAgent: entry.origin.userAgent,
        details: entry.details ?? {},
      },
      { client }
    )
  }

  /** A person's own recent security activity. */
  recentFor(userId: number, limit = 20) {
    return AuditEvent.query().where('user_id', userId).orderBy('id', 'desc').limit(limit)
  }

  /**
   * The admin's audit log, newest first, filtered by event, by person (by
   * id, or by part of an email: the person's current one, or the one tried
   * in a failed sign-in) and by the days it happened on: `from` and `to` are
   * whole calendar days, both included, in the time zone `zone` (UTC
   * without one), so an admin's "today" is their own.
   */
  search(filters: AuditFilters & { page: number; perPage: number }) {
    return this.#filtered(filters)
      .preload('user')
      .preload('actor')
      .orderBy('id', 'desc')
      .paginate(filters.page, filters.perPage)
  }

  /** How many entries the filters match. */
  async count(filters: AuditFilters) {
    const [row] = await this.#filtered(filters).count('* as total')
    return Number(row.$extras.total)
  }

  /**
   * Every entry the filters match, newest first, `size` at a time: each
   * batch is read after the previous one was used, from below its last id,
   * so a long log never sits in memory at once and entries recorded during
   * the reading do not shift it.
   */
  async *batches(filters: AuditFilters, size = 500) {
    let below: number | null = null
    while (true) {
      const query = this.#filtered(filters)
        .preload('user')
        .preload('actor')
        .orderBy('id', 'desc')
        .limit(size)
      if (below !== null) {
        query.where('id', '<', below)
      }
      const batch: AuditEvent[] = await query
      if (batch.length > 0) {
        yield batch
      }
      if (batch.length < size) {
        return
      }
      below = batch[batch.length - 1].id
    }
  }

  /**
   * Whether `person` (part of an email, as the filter takes it) names anyone
   * the log can show: an account, or an email recorded in an entry.
   */
  async knowsPerson(person: string) {
    const pattern = likePattern(person)
    const account = await db.from('users').whereILike('email', pattern).select('id').first()
    return Boolean(
      account ?? (await db.from('audit_events').whereILike('email', pattern).select('id').first())
    )
  }

  #filtered(filters: AuditFilters) {
    const query = AuditEvent.query()
    if (filters.event) {
      query.where('event', filters.event)
    }
    const zone = filters.zone ?? 'utc'
    if (filters.from) {
      query.where('created_at', '>=', DateTime.fromISO(filters.from, { zone }).toJSDate())
    }
    if (filters.to) {
      const dayAfter = DateTime.fromISO(filters.to, { zone }).plus({ days: 1 })
      query.where('created_at', '<', dayAfter.toJSDate())
    }
    if (filters.userId) {
      query.where('user_id', filters.userId)
    }
    if (filters.person) {
      const pattern = likePattern(filters.person)
      query.where((match) =>
        match
          .whereILike('email', pattern)
          .orWhereIn('user_id', (people) =>
            people.from('users').select('id').whereILike('email', pattern)
          )
      )
    }
    return query
  }
}

/** Contains `text`, with LIKE's own characters taken literally. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}
