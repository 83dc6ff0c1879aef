import { errors, type HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

/**
 * The design system's gallery: a page for developers and the browser tests,
 * an unknown address in production unless DESIGN_SYSTEM_GALLERY asks for it
 * (the browser tests run the production build with it on).
 */
export default class DesignSystemController {
  show(ctx: HttpContext) {
    const shown = env.get('DESIGN_SYSTEM_GALLERY') ?? env.get('NODE_ENV') !== 'production'
    if (!shown) {
      throw new errors.E_ROUTE_NOT_FOUND([ctx.request.method(), ctx.request.url()])
    }
    return ctx.inertia.render('sso/design_system', {})
  }
}
