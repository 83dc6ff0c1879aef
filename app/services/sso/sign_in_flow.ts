import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import User from '#models/sso/user'
import { AccountSessions } from '#services/sso/account_sessions'
import { AuditLog, requestOrigin } from '#services/sso/audit_log'
import { pendingAuthorization } from '#services/sso/pending_authorization'
import { knownDevices } from '#services/sso/known_devices'

const SECOND_FACTOR_KEY = 'pendingSecondFactor'
/** How long a person has to type their code after the password was right. */
const SECOND_FACTOR_WINDOW_MS = 5 * 60 * 1000

interface PendingSecondFactor {
  userId: number
  method: string
  expiresAt: number
}

/**
 * The steps between "the first factor was right" (a password, an external
 * identity provider) and "signed in": the TOTP step when the person has it,
 * then a fresh session and the way back to a pending /authorize.
 */
@inject()
export class SignInFlow {
  constructor(
    protected sessions: AccountSessions,
    protected audit: AuditLog
  ) {}

  /** Returns where the browser goes next: the second-factor page, or on. */
  async firstFactorPassed(ctx: HttpContext, user: User, method: string): Promise<string> {
    if (user.hasTotp) {
      const pending: PendingSecondFactor = {
        userId: user.id,
        method,
        expiresAt: Date.now() + SECOND_FACTOR_WINDOW_MS,
      }
      ctx.session.put(SECOND_FACTOR_KEY, pending)
      return '/login/two-factor'
    }
    return this.complete(ctx, user, method)
  }

  /** The person waiting for their second factor, if the wait has not expired. */
  async awaitingSecondFactor(ctx: HttpContext): Promise<User | null> {
    const pending = ctx.session.get(SECOND_FACTOR_KEY) as PendingSecondFactor | undefined
    if (!pending || pending.expiresAt < Date.now()) {
      ctx.session.forget(SECOND_FACTOR_KEY)
      return null
    }
    const user = await User.find(pending.userId)
    return user && !user.isDisabled && user.hasTotp ? user : null
  }

  async secondFactorPassed(ctx: HttpContext, user: User, factor: 'totp' | 'recovery_code') {
    const pending = ctx.session.get(SECOND_FACTOR_KEY) as PendingSecondFactor
    ctx.session.forget(SECOND_FACTOR_KEY)
    return this.complete(ctx, user, `${pending.method}+${factor}`)
  }

  abandonSecondFactor(ctx: HttpContext) {
    ctx.session.forget(SECOND_FACTOR_KEY)
  }

  /** Signs the person in with a new session id and returns where to go next. */
  async complete(ctx: HttpContext, user: User, method: string): Promise<string> {
    await ctx.auth.use('web').login(user)
    await this.sessions.begin(ctx, user, method)
    knownDevices.remember(ctx, user)
    user.lastSignInAt = DateTime.now()
    await user.save()
    await this.audit.record('sign_in', {
      origin: requestOrigin(ctx),
      userId: user.id,
      details: { method },
    })
    return pendingAuthorization.continueUrl(ctx.session)
  }
}
