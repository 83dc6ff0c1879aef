import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import {
  scheduleSession,
  type ScheduleSessionUser,
} from '#services/schedule/people/schedule_session'
import { toSessionUser } from '#services/schedule/people/schedule_sign_in'

/**
 * The app's pages. Each reads the person from app_users (not only the
 * session), so a removed person is sent to sign in and a role change shows
 * at once.
 */
@inject()
export default class PagesController {
  constructor(protected users: ScheduleUsers) {}

  /**
   * The front page. Signed in, it is the calendar. Signed out with nothing to
   * show, the visitor goes to /login; with ?auth_code the page exchanges it;
   * with ?auth_error it explains what went wrong.
   */
  async home({ inertia, request, response, session }: HttpContext) {
    const user = scheduleSession.user(session)
    const { auth_code: authCode, auth_error: authError } = request.qs()
    const hasCode = typeof authCode === 'string'
    const hasError = typeof authError === 'string'
    if (!hasCode && !hasError) {
      return response.redirect(user ? '/calendar' : '/login')
    }
    return inertia.render('schedule/home', {
      user,
      signInError: hasError ? authError : null,
    })
  }

  async trash(ctx: HttpContext) {
    return this.signedIn(ctx, (user) => ctx.inertia.render('schedule/trash', { user }))
  }

  async settings(ctx: HttpContext) {
    return this.signedIn(ctx, (user) => ctx.inertia.render('schedule/settings', { user }))
  }

  /** Staff see a plain "admins only" answer rather than a page that fails on every request. */
  async admin(ctx: HttpContext) {
    return this.signedIn(ctx, (user) => {
      if (user.role !== 'admin') {
        return ctx.response.status(403).send('Admin access required')
      }
      return ctx.inertia.render('schedule/admin', { user })
    })
  }

  /** Public: the share viewer loads GET /api/share/:token itself. */
  async share({ inertia, params }: HttpContext) {
    return inertia.render('schedule/share', { token: String(params.token) })
  }

  protected async signedIn(
    { session, response }: HttpContext,
    render: (user: ScheduleSessionUser) => unknown
  ) {
    const user = await this.users.signedIn(session)
    if (!user) {
      return response.redirect('/login')
    }
    return render(toSessionUser(user))
  }
}
