import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import { AuditLog, type AuditFilters } from '#services/sso/audit_log'
import { serializer } from '#services/shared/serialize'
import AuditEntryTransformer from '#transformers/sso/audit_entry_transformer'
import type { auditSearchValidator } from '#validators/sso/admin_validators'

/** The audit log's query string as GET /api/admin/audit validates it. */
export type AuditQuery = Infer<typeof auditSearchValidator>

export const AUDIT_PER_PAGE = 50

/** The query's filters as the log takes them; an empty text filters nothing. */
export function auditFilters(query: AuditQuery): AuditFilters {
  return {
    event: query.event || undefined,
    person: query.person || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    zone: query.tz,
  }
}

/**
 * One page of the admin's audit log, for the dashboard's page, its JSON API
 * and `sso:audit:list`, so all three read the same filters the same way.
 */
@inject()
export class AuditSearch {
  constructor(protected auditLog: AuditLog) {}

  page(query: AuditQuery) {
    return this.auditLog.search({
      ...auditFilters(query),
      page: query.page ?? 1,
      perPage: query.perPage ?? AUDIT_PER_PAGE,
    })
  }

  /** The body of GET /api/admin/audit. */
  async answer(query: AuditQuery) {
    const result = await this.page(query)
    return {
      data: await serializer.serialize(AuditEntryTransformer.transform(result.all())),
      meta: pageMeta(result),
    }
  }
}

export function pageMeta(result: Awaited<ReturnType<AuditLog['search']>>) {
  return {
    total: result.total,
    page: result.currentPage,
    perPage: result.perPage,
    lastPage: result.lastPage,
  }
}
