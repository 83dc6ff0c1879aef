import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** requireAuth of spec 3, section 5. */
export default class RequireAuthMiddleware {
  handle({ session, response }: HttpContext, next: NextFn) {
    if (!session.get('userId')) {
      return response.status(401).send({ message: 'Not authenticated' })
    }
    return next()
  }
}
