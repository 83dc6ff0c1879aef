import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { appProfile } from '#config/app'

/** sso's admin dashboard: runs after ssoAuth, so a person is signed in. */
export default class AdminMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!ctx.auth.user?.isAdmin) {
      if (ctx.request.url().startsWith('/api/')) {
        return ctx.response.status(403).send({ message: 'Admin access required' })
      }
      // A middleware's return value is no response body: the page is sent.
      const page = await ctx.view.render('errors/page', {
        status: 403,
        message: 'This page is for administrators.',
        app: appProfile,
      })
      return ctx.response.status(403).send(page)
    }
    return next()
  }
}
