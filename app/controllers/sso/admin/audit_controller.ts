import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AUDIT_EVENTS, AuditLog } from '#services/sso/audit_log'
import { serializer } from '#services/shared/serialize'
import AuditEntryTransformer from '#transformers/sso/audit_entry_transformer'
import { auditSearchValidator } from '#validators/sso/admin_validators'

const PER_PAGE = 50

type AuditQuery = {
  event?: string
  person?: string
  from?: string
  to?: string
  tz?: string
  page?: number
  perPage?: number
}

/** The Audit log page of the admin dashboard and its JSON API. */
@inject()
export default class AuditController {
  constructor(protected auditLog: AuditLog) {}

  /** A malformed query shows the unfiltered log rather than an error: it is only a filter. */
  async index({ inertia, request }: HttpContext) {
    const [, query] = await auditSearchValidator.tryValidate(request.qs())
    const filters = {
      event: query?.event ?? '',
      person: query?.person ?? '',
      from: query?.from ?? '',
      to: query?.to ?? '',
    }
    const result = await this.#search({ ...query, ...filters })
    return inertia.render('sso/admin/audit', {
      isAdmin: true,
      events: [...AUDIT_EVENTS],
      filters,
      // The page's rows also name each device; the API's are as documented.
      data: await serializer.serialize(
        AuditEntryTransformer.transform(result.all()).useVariant('forPage')
      ),
      meta: pageMeta(result),
    })
  }

  async list({ request }: HttpContext) {
    const result = await this.#search(await request.validateUsing(auditSearchValidator))
    return {
      data: await serializer.serialize(AuditEntryTransformer.transform(result.all())),
      meta: pageMeta(result),
    }
  }

  #search(query: AuditQuery) {
    return this.auditLog.search({
      event: query.event || undefined,
      person: query.person || undefined,
      from: query.from || undefined,
      to: query.to || undefined,
      zone: query.tz,
      page: query.page ?? 1,
      perPage: query.perPage ?? PER_PAGE,
    })
  }
}

function pageMeta(result: Awaited<ReturnType<AuditLog['search']>>) {
  return {
    total: result.total,
    page: result.currentPage,
    perPage: result.perPage,
    lastPage: result.lastPage,
  }
}
