import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ReadinessService } from '#services/shared/health/readiness_service'

/**
 * The probes of load balancers, systemd and container orchestrators, on
 * every app: no session, no sign-in, never cached by anyone in between.
 */
export default class HealthController {
  /** GET /healthz: the process answers (nothing else is touched). */
  live({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    return { status: 'ok' }
  }

  /** GET /readyz: 200 when every check passes, 503 while one fails or the process drains. */
  @inject()
  async ready({ response }: HttpContext, readiness: ReadinessService) {
    const report = await readiness.report()
    response.header('Cache-Control', 'no-store')
    response.status(report.status === 'ok' ? 200 : 503)
    return report
  }
}
