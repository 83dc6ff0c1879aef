import type { HttpContext } from '@adonisjs/core/http'
import { signingKeys } from '#services/sso/signing_keys'

export default class JwksController {
  /**
   * GET /.well-known/jwks.json: the public halves of the current and retired
   * signing keys. Short caching, so a rotation reaches readers within minutes.
   */
  async show({ response }: HttpContext) {
    response.header('Cache-Control', 'public, max-age=300')
    return signingKeys.jwks()
  }
}
