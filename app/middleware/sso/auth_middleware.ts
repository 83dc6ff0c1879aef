import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Pages of sso that need a signed-in person send others to the sign-in page. */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = (await ctx.auth.check()) ? ctx.auth.user : null
    if (!user || user.isDisabled) {
      if (ctx.request.url().startsWith('/api/')) {
        return ctx.response.status(401).send({ message: 'Not authenticated' })
      }
      return ctx.response.redirect('/login')
    }
    // Every signed-in page shows who is signed in (the shell's menu) and,
    // for admins, the admin pages in its nav.
    ctx.inertia.share({
      viewer: { name: user.displayName || user.email, email: user.email, isAdmin: user.isAdmin },
    })
    return next()
  }
}
