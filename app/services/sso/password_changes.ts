import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { appUrl } from '#config/app'
import User from '#models/sso/user'
import { AccountMailer } from '#services/sso/account_mailer'
import { AccountSessions } from '#services/sso/account_sessions'
import { AccountTokens } from '#services/sso/account_tokens'
import { AuditLog, type AuditOrigin } from '#services/sso/audit_log'
import { passwordProblem } from '#services/sso/password_policy'
import { normalizeEmail } from '#services/sso/user_accounts'

export type PasswordChangeResult = { changed: true } | { field: string; message: string }

/**
 * Changing a password (knowing the current one) and resetting a forgotten one
 * (by a mailed link). Either way the person's other sessions end, earlier
 * reset links die, and the person is told by email.
 */
@inject()
export class PasswordChanges {
  constructor(
    protected tokens: AccountTokens,
    protected sessions: AccountSessions,
    protected mailer: AccountMailer,
    protected audit: AuditLog
  ) {}

  /** The caller has checked the current password (CurrentPassword). */
  async change(
    user: User,
    newPassword: string,
    origin: AuditOrigin,
    keepSessionId?: string
  ): Promise<PasswordChangeResult> {
    const problem = passwordProblem(newPassword, { email: user.email })
    if (problem) {
      return { field: 'newPassword', message: problem }
    }
    await this.#setPassword(user, newPassword)
    await this.sessions.endAll(user, keepSessionId)
    await this.audit.record('password_changed', { origin, userId: user.id })
    await this.mailer.passwordChanged(user.email)
    return { changed: true }
  }

  /**
   * Mails a reset link when the address belongs to an active account. The
   * caller answers the same either way, so the answer reveals nothing.
   */
  async requestReset(email: string, origin: AuditOrigin) {
    const user = await User.findBy('email', normalizeEmail(email))
    if (!user || user.isDisabled) {
      return
    }
    const token = await this.tokens.issue(user, 'reset_password')
    await this.mailer.passwordReset(user.email, `${appUrl}/reset-password/${token}`)
    await this.audit.record('password_reset_requested', { origin, userId: user.id })
  }

  resetLinkIsLive(token: string) {
    return this.tokens.isLive(token, 'reset_password')
  }

  /**
   * Sets a new password from a reset link. The person is not signed in by
   * this: they sign in afterwards, so a reset never skips their second factor.
   */
  async reset(token: string, newPassword: string, origin: AuditOrigin) {
    const spent = await this.tokens.consume(token, 'reset_password')
    const user = spent ? await User.find(spent.userId) : null
    if (!user || user.isDisabled) {
      return null
    }
    const problem = passwordProblem(newPassword, { email: user.email })
    if (problem) {
      return { field: 'password', message: problem }
    }
    // The link proved control of the mailbox.
    user.emailVerifiedAt ??= DateTime.now()
    await this.#setPassword(user, newPassword)
    await this.sessions.endAll(user)
    await this.audit.record('password_reset', { origin, userId: user.id })
    await this.mailer.passwordChanged(user.email)
    return user
  }

  async #setPassword(user: User, password: string) {
    user.password = password
    user.passwordChangedAt = DateTime.now()
    await user.save()
    await this.tokens.revokeAll(user, 'reset_password')
  }
}
