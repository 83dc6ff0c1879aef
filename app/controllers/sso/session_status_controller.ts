import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { sessionStatusValidator } from '#validators/sso/session_status_validators'
import { SessionStatusService } from '#services/sso/session_status'

export default class SessionStatusController {
  /** POST /api/apps/session-status (server to server, with the session's ticket). */
  @inject()
  async show({ request, response }: HttpContext, sessions: SessionStatusService) {
    const { apiKey, ticket } = await request.validateUsing(sessionStatusValidator)
    const answer = await sessions.status(apiKey, ticket)
    return response.status(answer.status).send(answer.body)
  }
}
