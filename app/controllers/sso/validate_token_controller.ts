import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { TokenValidationService } from '#services/sso/token_validation_service'

export default class ValidateTokenController {
  @inject()
  async handle({ request, response }: HttpContext, validation: TokenValidationService) {
    const answer = await validation.validate(request.input('token'), request.input('apiKey'))
    return response.status(answer.valid ? 200 : 401).send(answer)
  }
}
