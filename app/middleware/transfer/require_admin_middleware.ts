import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** requireAdmin of spec 2, section 5: 401 without a user, 403 for staff. */
export default class RequireAdminMiddleware {
  handle({ session, response }: HttpContext, next: NextFn) {
    if (!session.get('userId')) {
      return response.status(401).send({ error: 'Authentication required' })
    }
    if (session.get('userRole') !== 'admin') {
      return response.status(403).send({ error: 'Admin access required' })
    }
    return next()
  }
}
