import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { emailOnlyValidator, registrationValidator } from '#validators/sso/account_validators'
import { Registration } from '#services/sso/registration'
import { SignInThrottle, throttleSubject, tryAgainIn } from '#services/sso/sign_in_throttle'
import { requestOrigin } from '#services/sso/audit_log'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { signInPageProps } from '#controllers/sso/session_controller'
import { keptInput } from '#services/sso/kept_input'

/** The fields a refused registration shows again; the password is never kept. */
const KEPT_FIELDS = ['name', 'email'] as const

const CHECK_INBOX = (email: string) =>
  `We sent a link to ${email}. Open it to confirm your address, then sign in.`

/** Registration with email and password, and the email verification that follows. */
export default class RegistrationController {
  async create(ctx: HttpContext) {
    if (await ctx.auth.check()) {
      return ctx.response.redirect('/')
    }
    return ctx.inertia.render('sso/register', {
      kept: keptInput(ctx, KEPT_FIELDS),
      throttled: null as string | null,
    })
  }

  @inject()
  async store(ctx: HttpContext, registration: Registration, throttle: SignInThrottle) {
    const { request, response, session } = ctx
    const input = await request.validateUsing(registrationValidator)
    const wait = await throttle.hit('verification_email', throttleSubject(ctx, input.email))
    if (wait > 0) {
      response.status(429).header('Retry-After', String(wait))
      return ctx.inertia.render('sso/register', {
        kept: keptInput(ctx, KEPT_FIELDS),
        throttled: `Too many attempts. ${tryAgainIn(wait)}`,
      })
    }
    await registration.register(input, requestOrigin(ctx))
    session.flash('notice', CHECK_INBOX(input.email))
    return response.redirect('/login')
  }

  @inject()
  async verify(ctx: HttpContext, registration: Registration) {
    const user = await registration.verify(ctx.params.token, requestOrigin(ctx))
    if (!user) {
      ctx.session.flash(
        'alert',
        'This confirmation link is not valid any more. Sign in to get a new one.'
      )
    } else {
      ctx.session.flash('notice', 'Your email address is confirmed. You can sign in now.')
    }
    return ctx.response.redirect('/login')
  }

  /** Same answer whether or not the address has an unverified account. */
  @inject()
  async resend(
    ctx: HttpContext,
    registration: Registration,
    throttle: SignInThrottle,
    registry: ConnectedAppRegistry
  ) {
    const { email } = await ctx.request.validateUsing(emailOnlyValidator)
    const wait = await throttle.hit('verification_email', throttleSubject(ctx, email))
    if (wait > 0) {
      ctx.response.status(429).header('Retry-After', String(wait))
      return ctx.inertia.render('sso/sign_in', {
        ...(await signInPageProps(ctx, registry)),
        throttled: `Too many emails asked for. ${tryAgainIn(wait)}`,
      })
    }
    await registration.resend(email)
    ctx.session.flash('notice', CHECK_INBOX(email))
    return ctx.response.redirect('/login')
  }
}
