import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PageViewer, type PageUser } from '#services/schedule/people/page_viewer'
import { ScheduleLookups } from '#services/schedule/directory/lookups'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import { scheduleSession } from '#services/schedule/people/schedule_session'
import SessionUserTransformer from '#transformers/schedule/session_user_transformer'

/** The admin's calendar settings, which staff cannot read through the admin API. */
export type CalendarPreferences = {
  weekStartsOn: 0 | 1
  defaultView: 'month' | 'two_weeks' | 'week' | 'day' | 'year'
  defaultMode: 'projects' | 'people'
}

/**
 * The app's pages. Each reads the person from app_users (not only the
 * session), so a removed person is sent to sign in and a role change shows
 * at once; the pages load their data from the JSON API.
 */
@inject()
export default class PagesController {
  constructor(
    protected viewer: PageViewer,
    protected scheduleSettings: ScheduleSettings,
    protected lookups: ScheduleLookups
  ) {}

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
      user: user && SessionUserTransformer.transform(user),
      signInError: hasError ? authError : null,
    })
  }

  async calendar(ctx: HttpContext) {
    return this.signedIn(ctx, async (user) => {
      const values = await this.scheduleSettings.values([
        'week_starts_on',
        'default_calendar_view',
        'default_calendar_mode',
      ])
      const preferences = {
        weekStartsOn: values.week_starts_on,
        defaultView: values.default_calendar_view,
        defaultMode: values.default_calendar_mode,
      } as CalendarPreferences
      return ctx.inertia.render('schedule/calendar', { user, preferences })
    })
  }

  async project(ctx: HttpContext) {
    const projectId = Number(ctx.params.id)
    return this.signedIn(ctx, async (user) =>
      ctx.inertia.render('schedule/project', {
        user,
        projectId,
        lookups: await this.lookups.all(),
      })
    )
  }

  async directory(ctx: HttpContext) {
    return this.signedIn(ctx, async (user) =>
      ctx.inertia.render('schedule/directory', { user, lookups: await this.lookups.all() })
    )
  }

  async conflicts(ctx: HttpContext) {
    return this.signedIn(ctx, (user) => ctx.inertia.render('schedule/conflicts', { user }))
  }

  protected async signedIn(
    { session, response }: HttpContext,
    render: (user: PageUser) => unknown
  ) {
    const viewer = await this.viewer.of(session)
    if (!viewer) {
      return response.redirect('/login')
    }
    return render(viewer.user)
  }
}
