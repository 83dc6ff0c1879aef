import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { appUrl } from '#config/app'
import User from '#models/sso/user'
import { AccountMailer } from '#services/sso/account_mailer'
import { AccountTokens } from '#services/sso/account_tokens'
import { AuditLog, type AuditOrigin } from '#services/sso/audit_log'
import { normalizeEmail } from '#services/sso/user_accounts'
import { isUniqueViolation } from '#services/shared/atomic_writes'

/**
 * Changing the email of an account: the new address must be confirmed by a
 * mailed link before it replaces the old one, and the old address is told
 * both when the change is asked for and when it happens.
 */
@inject()
export class EmailChanges {
  constructor(
    protected tokens: AccountTokens,
    protected mailer: AccountMailer,
    protected audit: AuditLog
  ) {}

  /** The caller has checked the current password (CurrentPassword). */
  async request(
    user: User,
    newEmail: string
  ): Promise<{ requested: true } | { field: string; message: string }> {
    const email = normalizeEmail(newEmail)
    if (email === user.email) {
      return { field: 'email', message: 'This is already your email address.' }
    }
    if (await User.findBy('email', email)) {
      return { field: 'email', message: 'Another account uses this email address.' }
    }
    const token = await this.tokens.issue(user, 'change_email', email)
    await this.mailer.confirmNewEmail(email, `${appUrl}/confirm-email/${token}`)
    await this.mailer.emailChangeRequested(user.email, email)
    return { requested: true }
  }

  /** Spends a confirmation link; the updated person, or null when the link is not good. */
  async confirm(token: string, origin: AuditOrigin) {
    const spent = await this.tokens.consume(token, 'change_email')
    const user = spent ? await User.find(spent.userId) : null
    if (!user || !spent?.email || user.isDisabled) {
      return null
    }
    const previous = user.email
    user.email = spent.email
    if (user.username === previous) {
      user.username = spent.email
    }
    user.emailVerifiedAt = DateTime.now()
    try {
      await user.save()
    } catch (error) {
      // The address (or the username that follows it) went to another account since the link was sent, or at this very moment.
      if (isUniqueViolation(error)) {
        return null
      }
      throw error
    }
    await this.audit.record('email_changed', {
      origin,
      userId: user.id,
      details: { from: previous, to: user.email },
    })
    await this.mailer.emailChanged(previous, user.email)
    return user
  }
}
