import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { IntegrationGuide } from '#services/sso/integration_guide'

export default class IntegrationGuideController {
  /** GET /api/integration-guide: `{ title, format: 'markdown', content }`. */
  @inject()
  async show({ response }: HttpContext, guide: IntegrationGuide) {
    response.header('Cache-Control', 'public, max-age=300')
    return guide.document()
  }
}
