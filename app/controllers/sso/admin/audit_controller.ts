import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { AUDIT_EVENTS } from '#services/sso/audit_log'
import { AuditSearch, pageMeta } from '#services/sso/audit_search'
import { serializer } from '#services/shared/serialize'
import AuditEntryTransformer from '#transformers/sso/audit_entry_transformer'
import { auditSearchValidator } from '#validators/sso/admin_validators'

/** The Audit log page of the admin dashboard and its JSON API. */
@inject()
export default class AuditController {
  constructor(protected audit: AuditSearch) {}

  /** A malformed query shows the unfiltered log rather than an error: it is only a filter. */
  async index({ inertia, request }: HttpContext) {
    const [, query] = await auditSearchValidator.tryValidate(request.qs())
    const filters = {
      event: query?.event ?? '',
      person: query?.person ?? '',
      from: query?.from ?? '',
      to: query?.to ?? '',
    }
    const result = await this.audit.page(query ?? {})
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
    return this.audit.answer(await request.validateUsing(auditSearchValidator))
  }
}
