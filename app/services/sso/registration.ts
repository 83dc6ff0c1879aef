import { inject } from '@adonisjs/core'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { appUrl } from '#config/app'
import User from '#models/sso/user'
import { AccountMailer } from '#services/sso/account_mailer'
import { AccountTokens } from '#services/sso/account_tokens'
import { AuditLog, type AuditOrigin } from '#services/sso/audit_log'
import { UserAccounts, normalizeEmail } from '#services/sso/user_accounts'

/**
 * Self-registration with email verification. Registering an address that
 * already has an account looks the same to the visitor (the owner gets an
 * email instead), so the form cannot be used to find out who has an account.
 */
@inject()
export class Registration {
  constructor(
    protected accounts: UserAccounts,
    protected tokens: AccountTokens,
    protected mailer: AccountMailer,
    protected audit: AuditLog
  ) {}

  async register(input: { email: string; password: string; name?: string }, origin: AuditOrigin) {
    /*
     * Both answers do the same work, so their timing does not tell which
     * addresses have an account: a password hash, one committed transaction
     * (the new account with its audit row and link, or the audit row of the
     * attempt) and one queued mail.
     */
    const existing = await this.accounts.findByEmail(input.email)
    if (existing) {
      await hash.use('argon').make(input.password)
      await this.audit.record('registration_attempted', { origin, userId: existing.id })
      await this.mailer.registrationAttemptForExistingAccount(
        existing.email,
        `${appUrl}/login`,
        `${appUrl}/forgot-password`
      )
      return
    }
    const created = await db.transaction(async (trx) => {
      const user = await this.accounts.createUnlessTaken(
        {
          email: input.email,
          password: input.password,
          name: input.name ?? null,
          displayName: input.name ?? null,
        },
        trx
      )
      if (!user) {
        // A concurrent registration of the same address won the race.
        return null
      }
      await this.audit.record('registered', { origin, userId: user.id }, trx)
      return { user, token: await this.tokens.issue(user, 'verify_email', user.email, trx) }
    })
    if (created) {
      await this.mailVerification(created.user, created.token)
    }
  }

  async sendVerification(user: User) {
    await this.mailVerification(user, await this.tokens.issue(user, 'verify_email', user.email))
  }

  protected async mailVerification(user: User, token: string) {
    await this.mailer.verifyEmail(user.email, `${appUrl}/verify-email/${token}`)
  }

  /** Resends the link when the address has an unverified account; silent otherwise. */
  async resend(email: string) {
    const user = await User.findBy('email', normalizeEmail(email))
    if (user && !user.isEmailVerified && !user.isDisabled) {
      await this.sendVerification(user)
    }
  }

  /** Spends a verification link; the person it verified, or null. */
  async verify(token: string, origin: AuditOrigin) {
    const spent = await this.tokens.consume(token, 'verify_email')
    const user = spent ? await User.find(spent.userId) : null
    // A link sent to an address the account no longer has proves nothing.
    if (!user || user.email !== spent?.email || user.isDisabled) {
      return null
    }
    if (!user.isEmailVerified) {
      user.emailVerifiedAt = DateTime.now()
      await user.save()
      await this.audit.record('email_verified', { origin, userId: user.id })
    }
    return user
  }
}
