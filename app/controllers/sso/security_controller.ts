import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  passwordChangeValidator,
  totpCodeValidator,
  totpDisableValidator,
} from '#validators/sso/account_validators'
import { rejectField } from '#validators/sso/field_errors'
import { PasswordChanges } from '#services/sso/password_changes'
import { TotpService } from '#services/sso/totp_service'
import { AccountSessions } from '#services/sso/account_sessions'
import { AccountMailer } from '#services/sso/account_mailer'
import { AuditLog, requestOrigin } from '#services/sso/audit_log'
import { SignInThrottle, throttleSubject } from '#services/sso/sign_in_throttle'
import { knownDevices } from '#services/sso/known_devices'
import {
  CurrentPassword,
  WRONG_CURRENT_PASSWORD,
  refuseAsThrottled,
} from '#services/sso/current_password'
import { serializer } from '#services/shared/serialize'
import TwoFactorTransformer from '#transformers/sso/two_factor_transformer'
import AccountSessionTransformer from '#transformers/sso/account_session_transformer'
import ActivityEntryTransformer from '#transformers/sso/activity_entry_transformer'
import type User from '#models/sso/user'

/**
 * The person's security page: password, two-factor authentication, sessions
 * and recent security activity. Every check of a secret here is rate limited
 * like sign-in, so a stolen session cannot be used to guess the password.
 */
export default class SecurityController {
  @inject()
  async show(ctx: HttpContext, totp: TotpService, sessions: AccountSessions, audit: AuditLog) {
    const user = ctx.auth.getUserOrFail()
    return ctx.inertia.render('sso/security', {
      isAdmin: user.isAdmin,
      twoFactor: TwoFactorTransformer.transform(await totp.status(user)),
      sessions: AccountSessionTransformer.transform(
        await sessions.list(user, ctx.session.sessionId)
      ).useVariant('forPage'),
      activity: ActivityEntryTransformer.transform(
        await audit.recentFor(user.id),
        user.id
      ).useVariant('forPage'),
    })
  }

  @inject()
  async changePassword(ctx: HttpContext, passwords: PasswordChanges, current: CurrentPassword) {
    const user = ctx.auth.getUserOrFail()
    const { currentPassword, newPassword } =
      await ctx.request.validateUsing(passwordChangeValidator)
    if (!(await current.matches(ctx, user, currentPassword))) {
      rejectField('currentPassword', WRONG_CURRENT_PASSWORD)
    }
    const result = await passwords.change(
      user,
      newPassword,
      requestOrigin(ctx),
      ctx.session.sessionId
    )
    if ('field' in result) {
      rejectField(result.field, result.message)
    }
    return { message: 'Your password is changed. Your other sessions were signed out.' }
  }

  @inject()
  async beginTotp(ctx: HttpContext, totp: TotpService) {
    const user = ctx.auth.getUserOrFail()
    if (user.hasTotp) {
      return ctx.response.conflict({ message: 'Two-factor authentication is already on.' })
    }
    return { enrolment: await totp.beginEnrolment(user) }
  }

  @inject()
  async confirmTotp(
    ctx: HttpContext,
    totp: TotpService,
    throttle: SignInThrottle,
    audit: AuditLog,
    mailer: AccountMailer
  ) {
    const user = ctx.auth.getUserOrFail()
    const { code } = await ctx.request.validateUsing(totpCodeValidator)
    if (user.hasTotp) {
      return ctx.response.conflict({ message: 'Two-factor authentication is already on.' })
    }
    const enrolment: { recoveryCodes: string[] | null } = { recoveryCodes: null }
    const accepted = await checkSecondFactor(ctx, throttle, user, async () => {
      enrolment.recoveryCodes = await totp.confirmEnrolment(user, code)
      return enrolment.recoveryCodes !== null
    })
    if (!accepted) {
      rejectField('code', 'This code is not valid. Check the time on your phone and try again.')
    }
    await audit.record('totp_enabled', { origin: requestOrigin(ctx), userId: user.id })
    await mailer.twoFactorChanged(user.email, true)
    return { recoveryCodes: enrolment.recoveryCodes }
  }

  @inject()
  async disableTotp(
    ctx: HttpContext,
    totp: TotpService,
    throttle: SignInThrottle,
    current: CurrentPassword,
    audit: AuditLog,
    mailer: AccountMailer
  ) {
    const user = ctx.auth.getUserOrFail()
    const { password, code } = await ctx.request.validateUsing(totpDisableValidator)
    if (!user.hasTotp) {
      return ctx.response.conflict({ message: 'Two-factor authentication is already off.' })
    }
    if (!(await current.matches(ctx, user, password))) {
      rejectField('password', 'Your password is not right.')
    }
    if (
      !(await checkSecondFactor(ctx, throttle, user, () => secondFactorMatches(totp, user, code)))
    ) {
      rejectField('code', 'This code is not valid.')
    }
    await totp.disable(user)
    await audit.record('totp_disabled', { origin: requestOrigin(ctx), userId: user.id })
    await mailer.twoFactorChanged(user.email, false)
    return serializer.serialize({
      twoFactor: TwoFactorTransformer.transform(await totp.status(user)),
    })
  }

  @inject()
  async regenerateRecoveryCodes(ctx: HttpContext, totp: TotpService, throttle: SignInThrottle) {
    const user = ctx.auth.getUserOrFail()
    const { code } = await ctx.request.validateUsing(totpCodeValidator)
    const accepted =
      user.hasTotp &&
      (await checkSecondFactor(ctx, throttle, user, () => totp.verifyCode(user, code)))
    if (!accepted) {
      rejectField('code', 'This code is not valid.')
    }
    return { recoveryCodes: await totp.regenerateRecoveryCodes(user) }
  }

  @inject()
  async sessions(ctx: HttpContext, sessions: AccountSessions) {
    return sessionsOf(ctx, sessions, ctx.auth.getUserOrFail())
  }

  @inject()
  async endSession(ctx: HttpContext, sessions: AccountSessions, audit: AuditLog) {
    const user = ctx.auth.getUserOrFail()
    if (!(await sessions.end(user, ctx.params.handle))) {
      return ctx.response.notFound({ message: 'No such session' })
    }
    await audit.record('session_ended', {
      origin: requestOrigin(ctx),
      userId: user.id,
      details: { by: 'self' },
    })
    return sessionsOf(ctx, sessions, user)
  }

  @inject()
  async activity(ctx: HttpContext, audit: AuditLog) {
    const user = ctx.auth.getUserOrFail()
    return serializer.serialize({
      activity: ActivityEntryTransformer.transform(await audit.recentFor(user.id), user.id),
    })
  }
}

async function sessionsOf(ctx: HttpContext, sessions: AccountSessions, user: User) {
  const rows = await sessions.list(user, ctx.session.sessionId)
  return serializer.serialize({ sessions: AccountSessionTransformer.transform(rows) })
}

/** A TOTP code or, when the phone is lost, a recovery code. */
async function secondFactorMatches(totp: TotpService, user: User, code: string) {
  return /^\d{6}$/.test(code.replace(/\s/g, ''))
    ? totp.verifyCode(user, code)
    : totp.useRecoveryCode(user, code)
}

/** A TOTP or recovery code checked under the second-factor limits; 429 past them. */
async function checkSecondFactor(
  ctx: HttpContext,
  throttle: SignInThrottle,
  user: User,
  codeMatches: () => Promise<boolean>
) {
  const subject = throttleSubject(ctx, `user:${user.id}`, knownDevices.deviceFor(ctx, user))
  const check = await throttle.check('second_factor', subject, codeMatches)
  if ('retryAfter' in check) {
    refuseAsThrottled(ctx, check.retryAfter)
  }
  return check.matches
}
