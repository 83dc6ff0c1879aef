import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AUDIT_EVENTS, AuditLog } from '#services/sso/audit_log'
import { serializer } from '#services/shared/serialize'
import AuditEntryTransformer from '#transformers/sso/audit_entry_transformer'
import { auditSearchValidator } from '#validators/sso/admin_validators'

const PER_PAGE = 50

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
      data: await serializer.serialize(AuditEntryTransformer.transform(result.all())),
      meta: {
        total: result.total,
        page: result.currentPage,
        perPage: result.perPage,
        lastPage: result.lastPage,
      },
    }
  }
}
