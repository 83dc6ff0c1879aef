import type { HttpContext } from '@adonisjs/core/http'
import { requestOrigin, TERMINAL_ORIGIN, type AuditOrigin } from '#services/sso/audit_log'

/**
 * Who makes an administrative change, as the audit log records it: an admin
 * on the dashboard, or an operator at the terminal (who has no account).
 */
export interface AdminActor {
  actorId: number | null
  origin: AuditOrigin
}

export const TERMINAL_ACTOR: AdminActor = { actorId: null, origin: TERMINAL_ORIGIN }

export function dashboardActor(ctx: HttpContext): AdminActor {
  return { actorId: ctx.auth.getUserOrFail().id, origin: requestOrigin(ctx) }
}
