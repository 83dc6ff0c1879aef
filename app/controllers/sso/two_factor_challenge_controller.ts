import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { secondFactorValidator } from '#validators/sso/account_validators'
import { SignInFlow } from '#services/sso/sign_in_flow'
import { SignInThrottle, throttleSubject, tryAgainIn } from '#services/sso/sign_in_throttle'
import { TotpService } from '#services/sso/totp_service'
import { knownDevices } from '#services/sso/known_devices'
import { AuditLog, requestOrigin } from '#services/sso/audit_log'

const EXPIRED = 'Your sign-in took too long. Please sign in again.'

/** The second step of sign-in for people with TOTP: a code or a recovery code. */
export default class TwoFactorChallengeController {
  @inject()
  async show(ctx: HttpContext, flow: SignInFlow) {
    if (!(await flow.awaitingSecondFactor(ctx))) {
      ctx.session.flash('alert', EXPIRED)
      return ctx.response.redirect('/login')
    }
    return ctx.inertia.render('sso/two_factor', { throttled: null })
  }

  @inject()
  async store(
    ctx: HttpContext,
    flow: SignInFlow,
    throttle: SignInThrottle,
    totp: TotpService,
    audit: AuditLog
  ) {
    const { request, response, session } = ctx
    const user = await flow.awaitingSecondFactor(ctx)
    if (!user) {
      session.flash('alert', EXPIRED)
      return response.redirect('/login')
    }
    const { code, recoveryCode } = await request.validateUsing(secondFactorValidator)
    const usedRecovery = !code && Boolean(recoveryCode)
    const subject = throttleSubject(ctx, `user:${user.id}`, knownDevices.deviceFor(ctx, user))
    const check = await throttle.check('second_factor', subject, async () =>
      code
        ? totp.verifyCode(user, code)
        : recoveryCode
          ? totp.useRecoveryCode(user, recoveryCode)
          : false
    )
    if ('retryAfter' in check) {
      response.status(429).header('Retry-After', String(check.retryAfter))
      return ctx.inertia.render('sso/two_factor', {
        throttled: `Too many attempts. ${tryAgainIn(check.retryAfter)}`,
      })
    }
    if (!check.matches) {
      await audit.record('totp_failed', {
        origin: requestOrigin(ctx),
        userId: user.id,
        details: { factor: usedRecovery ? 'recovery_code' : 'totp' },
      })
      const field = usedRecovery ? 'recoveryCode' : 'code'
      session.flash('inputErrorsBag', {
        [field]: [usedRecovery ? 'This recovery code is not valid.' : 'This code is not valid.'],
      })
      return response.redirect('/login/two-factor')
    }
    if (usedRecovery) {
      await audit.record('recovery_code_used', { origin: requestOrigin(ctx), userId: user.id })
    }
    return response.redirect(
      await flow.secondFactorPassed(ctx, user, usedRecovery ? 'recovery_code' : 'totp')
    )
  }

  @inject()
  async cancel(ctx: HttpContext, flow: SignInFlow) {
    flow.abandonSecondFactor(ctx)
    return ctx.response.redirect('/login')
  }
}
