import type { HttpContext } from '@adonisjs/core/http'
import { EmailVerification } from '#services/transfer/email_verification'
import { transferSession } from '#services/transfer/transfer_session'
import { TransferUsers } from '#services/transfer/transfer_users'
import { TransferSettings } from '#services/transfer/transfer_settings'

/**
 * Staff pages share one rule: without a session (and without an auth code to
 * exchange) the visitor goes to sso first. Each page loads its data from the
 * JSON API, so the page itself only needs the signed-in person.
 */
export default class PagesController {
  /** The public upload page; sign-in errors come back here (?error, ?auth_error). */
  async home({ inertia, request, session }: HttpContext) {
    const { error, auth_error: authError } = request.qs()
    const settings = new TransferSettings()
    const verification = new EmailVerification()
    return inertia.render('transfer/home', {
      signInError:
        typeof error === 'string' ? error : typeof authError === 'string' ? authError : null,
      siteName: await settings.get('site_name'),
      pageMessage: await settings.get('upload_page_message'),
      emailVerificationRequired: await verification.required(),
      verifiedEmail: verification.verifiedEmail(session),
    })
  }

  async uploads(ctx: HttpContext) {
    return this.staffPage(ctx, 'transfer/admin/uploads')
  }

  async shares(ctx: HttpContext) {
    return this.staffPage(ctx, 'transfer/admin/shares')
  }

  async logs(ctx: HttpContext) {
    return this.staffPage(ctx, 'transfer/admin/logs')
  }

  async users(ctx: HttpContext) {
    return this.staffPage(ctx, 'transfer/admin/users')
  }

  async settings(ctx: HttpContext) {
    return this.staffPage(ctx, 'transfer/admin/settings')
  }

  async emailTemplates(ctx: HttpContext) {
    return this.staffPage(ctx, 'transfer/admin/email_templates')
  }

  protected async staffPage(
    { inertia, request, response, session }: HttpContext,
    page:
      | 'transfer/admin/uploads'
      | 'transfer/admin/shares'
      | 'transfer/admin/logs'
      | 'transfer/admin/users'
      | 'transfer/admin/settings'
      | 'transfer/admin/email_templates'
  ) {
    // The role shown comes from the users table; a removed person signs in again.
    await new TransferUsers().signedIn(session)
    const user = transferSession.user(session)
    if (!user && typeof request.qs().auth_code !== 'string') {
      return response.redirect('/api/auth/login')
    }
    return inertia.render(page, { user })
  }
}
