import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/sso/user'
import { signInValidator } from '#validators/sso/session_validators'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { UserAccounts, normalizeEmail } from '#services/sso/user_accounts'
import { pendingAuthorization } from '#services/sso/pending_authorization'
import { SignInFlow } from '#services/sso/sign_in_flow'
import { SignInThrottle, throttleSubject, tryAgainIn } from '#services/sso/sign_in_throttle'
import { knownDevices } from '#services/sso/known_devices'
import { AuditLog, requestOrigin } from '#services/sso/audit_log'
import { availableProviders } from '#services/sso/external_providers'
import { keptInput } from '#services/sso/kept_input'
import { LogoutRedirect } from '#services/sso/logout_redirect'
import { logoutValidator } from '#validators/sso/logout_validators'

const GENERIC_FAILURE = 'Invalid email or password.'

export default class SessionController {
  @inject()
  async create(ctx: HttpContext, registry: ConnectedAppRegistry) {
    if (await ctx.auth.check()) {
      return ctx.response.redirect(pendingAuthorization.continueUrl(ctx.session))
    }
    return ctx.inertia.render('sso/sign_in', await signInPageProps(ctx, registry))
  }

  @inject()
  async store(
    ctx: HttpContext,
    accounts: UserAccounts,
    throttle: SignInThrottle,
    flow: SignInFlow,
    audit: AuditLog,
    registry: ConnectedAppRegistry
  ) {
    const { request, response, session } = ctx
    const { email, password } = await request.validateUsing(signInValidator)
    const candidate = await accounts.findByEmail(email)
    const subject = throttleSubject(
      ctx,
      normalizeEmail(email),
      knownDevices.deviceFor(ctx, candidate)
    )

    const verified: { user: User | null } = { user: null }
    const check = await throttle.check('sign_in', subject, async () => {
      verified.user = await passwordOwner(email, password)
      // A disabled account counts as a failure.
      return verified.user !== null && !verified.user.isDisabled
    })
    if ('retryAfter' in check) {
      response.status(429).header('Retry-After', String(check.retryAfter))
      return ctx.inertia.render('sso/sign_in', {
        ...(await signInPageProps(ctx, registry)),
        throttled: `Too many attempts. ${tryAgainIn(check.retryAfter)}`,
      })
    }
    const user = verified.user
    if (!check.matches || !user) {
      await audit.record('sign_in_failed', {
        origin: requestOrigin(ctx),
        userId: candidate?.id ?? null,
        email: normalizeEmail(email),
        details: { reason: user ? 'disabled' : 'bad_credentials' },
      })
      // The same message whether the email or the password was wrong.
      session.flash('inputErrorsBag', { email: [GENERIC_FAILURE] })
      session.flashOnly(['email'])
      return response.redirect('/login')
    }

    if (await hash.needsReHash(user.password)) {
      // The hash parameters changed since this password was set.
      user.password = password
      await user.save()
    }
    if (!user.isEmailVerified) {
      session.flash('unverifiedEmail', user.email)
      session.flash('inputErrorsBag', {
        email: ['Confirm your email address first: open the link we sent you.'],
      })
      session.flashOnly(['email'])
      return response.redirect('/login')
    }
    return response.redirect(await flow.firstFactorPassed(ctx, user, 'password'))
  }

  /**
   * GET /logout ends the sso session, then returns to `redirect_to` only when
   * it lies on the origin of a registered app (never an open redirect).
   */
  @inject()
  async destroy(ctx: HttpContext, logoutRedirect: LogoutRedirect, audit: AuditLog) {
    const { auth, request, response, session } = ctx
    const user = (await auth.check()) ? auth.user! : null
    await auth.use('web').logout()
    pendingAuthorization.forget(session)
    if (user) {
      await audit.record('sign_out', { origin: requestOrigin(ctx), userId: user.id })
    }
    const [, query] = await logoutValidator.tryValidate({
      redirect_to: request.input('redirect_to'),
    })
    return response.redirect(await logoutRedirect.target(query?.redirect_to))
  }
}

/** The account with this email and password, or null. */
async function passwordOwner(email: string, password: string) {
  try {
    return await User.verifyCredentials(normalizeEmail(email), password)
  } catch (error) {
    if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
      return null
    }
    throw error
  }
}

/**
 * What the sign-in page shows: providers, the app being signed in to, flash
 * state, and the email of a refused attempt (never its password).
 */
export async function signInPageProps(ctx: HttpContext, registry: ConnectedAppRegistry) {
  const pending = pendingAuthorization.pending(ctx.session)
  const app = pending ? await registry.findEnabled(pending.clientId) : null
  return {
    email: keptInput(ctx, ['email']).email,
    providers: availableProviders(),
    appName: app?.name ?? null,
    unverifiedEmail: (ctx.session.flashMessages.get('unverifiedEmail') as string) ?? null,
    throttled: null as string | null,
  }
}
