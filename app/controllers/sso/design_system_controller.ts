import { errors, type HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

/**
 * The design system's gallery: a page for developers and the browser tests,
 * never part of a production deployment (there it is an unknown address).
 */
export default class DesignSystemController {
  show(ctx: HttpContext) {
    if (env.get('NODE_ENV') === 'production') {
      throw new errors.E_ROUTE_NOT_FOUND([ctx.request.method(), ctx.request.url()])
    }
    return ctx.inertia.render('sso/design_system', {})
  }
}
