import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { JSONDataTypes } from '@adonisjs/core/types/transformers'
import type AuditEvent from '#models/sso/audit_event'
import { AUDIT_EVENTS, AuditLog, TERMINAL_ORIGIN } from '#services/sso/audit_log'
import { auditSearchValidator } from '#validators/sso/admin_validators'

const PER_PAGE = 50

/**
 * One row of the audit log. Changes made at the terminal have no acting
 * account (the log stores the person there), so they are shown as the
 * terminal's.
 */
function auditEntry(entry: AuditEvent) {
  const fromTerminal = entry.ip === null && entry.userAgent === TERMINAL_ORIGIN.userAgent
  const account = (user: AuditEvent['user'] | null) =>
    user ? { id: user.id, email: user.email } : null
  return {
    id: entry.id,
    event: entry.event,
    createdAt: entry.createdAt.toISO(),
    person: account(entry.user),
    email: entry.email,
    actor: fromTerminal ? { terminal: true as const } : account(entry.actor),
    ip: entry.ip,
    userAgent: entry.userAgent,
    details: entry.details as Record<string, JSONDataTypes>,
  }
}

export type AuditEntry = ReturnType<typeof auditEntry>

/** The Audit log page of the admin dashboard and its JSON API. */
@inject()
export default class AuditController {
  constructor(protected auditLog: AuditLog) {}

  /** A malformed query shows the unfiltered log rather than an error: it is only a filter. */
  async index({ inertia, request }: HttpContext) {
    const [, query] = await auditSearchValidator.tryValidate(request.qs())
    const filters = { event: query?.event ?? '', person: query?.person ?? '' }
    const result = await this.#search({ ...filters, page: query?.page, perPage: query?.perPage })
    return inertia.render('sso/admin/audit', {
      isAdmin: true,
      events: [...AUDIT_EVENTS],
      filters,
      ...result,
    })
  }

  async list({ request }: HttpContext) {
    return this.#search(await request.validateUsing(auditSearchValidator))
  }

  async #search(query: { event?: string; person?: string; page?: number; perPage?: number }) {
    const result = await this.auditLog.search({
      event: query.event || undefined,
      person: query.person || undefined,
      page: query.page ?? 1,
      perPage: query.perPage ?? PER_PAGE,
    })
    return {
      data: result.all().map(auditEntry),
      meta: {
        total: result.total,
        page: result.currentPage,
        perPage: result.perPage,
        lastPage: result.lastPage,
      },
    }
  }
}
