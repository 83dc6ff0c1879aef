import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { emailOnlyValidator, passwordResetValidator } from '#validators/sso/account_validators'
import { PasswordChanges } from '#services/sso/password_changes'
import { SignInThrottle, throttleSubject, tryAgainIn } from '#services/sso/sign_in_throttle'
import { requestOrigin } from '#services/sso/audit_log'

const LINK_DEAD = 'This reset link is not valid any more. Ask for a new one below.'

/** Forgotten passwords: ask for a link, then choose a new password. */
export default class PasswordResetController {
  async create({ inertia }: HttpContext) {
    return inertia.render('sso/forgot_password', { throttled: null })
  }

  /** The same answer whether or not an account has this address. */
  @inject()
  async store(ctx: HttpContext, passwords: PasswordChanges, throttle: SignInThrottle) {
    const { email } = await ctx.request.validateUsing(emailOnlyValidator)
    const wait = await throttle.hit('password_reset', throttleSubject(ctx, email))
    if (wait > 0) {
      ctx.response.status(429).header('Retry-After', String(wait))
      return ctx.inertia.render('sso/forgot_password', {
        throttled: `Too many reset emails asked for. ${tryAgainIn(wait)}`,
      })
    }
    await passwords.requestReset(email, requestOrigin(ctx))
    ctx.session.flash(
      'notice',
      `If an account uses ${email}, we sent it a link to choose a new password. The link expires in 1 hour.`
    )
    return ctx.response.redirect('/forgot-password')
  }

  @inject()
  async edit({ inertia, params, session, response }: HttpContext, passwords: PasswordChanges) {
    if (!(await passwords.resetLinkIsLive(params.token))) {
      session.flash('alert', LINK_DEAD)
      return response.redirect('/forgot-password')
    }
    return inertia.render('sso/reset_password', { token: params.token })
  }

  @inject()
  async update(ctx: HttpContext, passwords: PasswordChanges) {
    const { request, params, session, response } = ctx
    const { password } = await request.validateUsing(passwordResetValidator, {
      data: { ...request.all(), token: params.token },
    })
    const result = await passwords.reset(params.token, password, requestOrigin(ctx))
    if (!result) {
      session.flash('alert', LINK_DEAD)
      return response.redirect('/forgot-password')
    }
    if ('field' in result) {
      session.flash('inputErrorsBag', { password: [result.message] })
      return response.redirect(`/reset-password/${params.token}`)
    }
    session.flash('notice', 'Your password is changed. Sign in with your new password.')
    return response.redirect('/login')
  }
}
