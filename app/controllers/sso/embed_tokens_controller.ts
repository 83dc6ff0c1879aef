import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { embedTokenValidator } from '#validators/sso/embed_validators'
import { EmbedAccess } from '#services/sso/embed_access'

export default class EmbedTokensController {
  /** POST /api/embed/token (server to server). */
  @inject()
  async store({ request, response }: HttpContext, access: EmbedAccess) {
    const input = await request.validateUsing(embedTokenValidator)
    const grant = await access.grant(input)
    if ('status' in grant) {
      return response.status(grant.status).send({ message: grant.message })
    }
    return grant
  }
}
