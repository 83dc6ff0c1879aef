import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** requireAdmin of spec 3, section 5. */
export default class RequireAdminMiddleware {
  handle({ session, response }: HttpContext, next: NextFn) {
    if (!session.get('userId')) {
      return response.status(401).send({ message: 'Not authenticated' })
    }
    if (session.get('role') !== 'admin') {
      return response.status(403).send({ message: 'Admin access required' })
    }
    return next()
  }
}
