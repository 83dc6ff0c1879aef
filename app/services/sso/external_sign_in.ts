import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/sso/user'
import ExternalIdentity from '#models/sso/external_identity'
import { AuditLog, requestOrigin, type AuditOrigin } from '#services/sso/audit_log'
import { SignInFlow } from '#services/sso/sign_in_flow'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import { normalizeEmail } from '#services/sso/user_accounts'
import type { ExternalProvider, ExternalProviderId } from '#services/sso/external_providers'

/** What sso believes about a person after their provider vouched for them. */
export interface ExternalProfile {
  provider: ExternalProviderId
  /** The provider's stable id for the person (OIDC `sub`, GitHub's numeric id). */
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
}

/** An external sign-in that sso turned down; `message` is what the person reads. */
export class ExternalSignInRefused extends Error {
  constructor(
    readonly reason: 'no_email' | 'email_unverified' | 'disabled',
    message: string,
    readonly details: { userId?: number; email?: string | null } = {}
  ) {
    super(message)
  }
}

export type ExternalSignInResult =
  { signedIn: true; next: string } | { signedIn: false; message: string }

/**
 * Which sso account an external identity stands for. A known identity is its
 * account. A new one is linked by email, or gets a new account, only when the
 * provider has verified that address: an unverified address proves nothing, and
 * linking on it would hand someone else's account to whoever typed it.
 */
@inject()
export class ExternalAccounts {
  constructor(protected audit: AuditLog) {}

  async resolve(profile: ExternalProfile, label: string, origin: AuditOrigin): Promise<User> {
    try {
      return await this.#resolveOnce(profile, label, origin)
    } catch (error) {
      // Two first sign-ins of one person at once: the other one linked or
      // created the account a moment ago, so looking again finds it.
      if (isUniqueViolation(error)) {
        return this.#resolveOnce(profile, label, origin)
      }
      throw error
    }
  }

  async #resolveOnce(profile: ExternalProfile, label: string, origin: AuditOrigin) {
    const known = await ExternalIdentity.query()
      .where('provider', profile.provider)
      .where('subject', profile.subject)
      .preload('user')
      .first()
    if (known) {
      this.#refuseDisabled(known.user)
      const email = profile.email ? normalizeEmail(profile.email) : null
      if (email && email !== known.email) {
        known.email = email
        await known.save()
      }
      return known.user
    }

    if (!profile.email) {
      throw new ExternalSignInRefused(
        'no_email',
        `${label} did not share an email address with us, so it cannot sign you in here.`
      )
    }
    const email = normalizeEmail(profile.email)
    const existing = await User.findBy('email', email)
    if (!profile.emailVerified) {
      throw new ExternalSignInRefused(
        'email_unverified',
        `${label} has not verified your email address, so it cannot sign you in here. ` +
          `Verify the address at ${label}, or sign in with your password.`,
        { userId: existing?.id, email }
      )
    }
    if (existing) {
      this.#refuseDisabled(existing)
    }

    const { user, created } = await db.transaction(async (trx) => {
      let account = existing
      if (account) {
        if (!account.isEmailVerified) {
          // Whoever registered this address never proved they read it, so the
          // password they chose may be an attacker's (account pre-hijacking):
          // it is replaced, and the owner can set their own through a reset.
          account.password = randomBytes(64).toString('base64url')
          // The provider has just proved the person reads this address.
          account.emailVerifiedAt = DateTime.now()
        }
        account.useTransaction(trx)
        await account.save()
      } else {
        account = await User.create(
          {
            email,
            username: email,
            name: profile.name?.slice(0, 120) || null,
            displayName: profile.name?.slice(0, 120) || null,
            emailVerifiedAt: DateTime.now(),
            // The column may not be empty; nobody knows this password, so it
            // cannot be used until the person sets one through a reset.
            password: randomBytes(64).toString('base64url'),
          },
          { client: trx }
        )
        // Columns left to their database defaults read back as null, not undefined.
        await account.refresh()
      }
      await ExternalIdentity.create(
        { userId: account.id, provider: profile.provider, subject: profile.subject, email },
        { client: trx }
      )
      return { user: account, created: !existing }
    })

    const method = `external:${profile.provider}`
    if (created) {
      await this.audit.record('registered', { origin, userId: user.id, details: { method } })
    }
    await this.audit.record('external_account_linked', {
      origin,
      userId: user.id,
      email,
      details: { provider: profile.provider, subject: profile.subject },
    })
    return user
  }

  #refuseDisabled(user: User) {
    if (user.isDisabled) {
      throw new ExternalSignInRefused('disabled', 'This account has been disabled.', {
        userId: user.id,
        email: user.email,
      })
    }
  }
}

/**
 * The return leg of "Sign in with …": checks what the provider sent back,
 * finds the person's account and hands over to the usual sign-in steps (TOTP,
 * then back to a pending /authorize). Every refusal ends on the sign-in page
 * with a message, and in the audit log.
 */
@inject()
export class ExternalSignIn {
  constructor(
    protected accounts: ExternalAccounts,
    protected flow: SignInFlow,
    protected audit: AuditLog
  ) {}

  /**
   * Sends the browser to the provider. Returns null, or the message for the
   * sign-in page when the provider cannot be reached (its discovery document
   * is fetched first).
   */
  async begin(
    ctx: HttpContext,
    provider: ExternalProvider & { id: ExternalProviderId }
  ): Promise<string | null> {
    try {
      await ctx.ally.use(provider.id).redirect()
      return null
    } catch (error) {
      ctx.logger.warn({ err: error, provider: provider.id }, 'external provider unreachable')
      return `${provider.label} cannot be reached right now. Please try again later.`
    }
  }

  async complete(
    ctx: HttpContext,
    provider: ExternalProvider & { id: ExternalProviderId }
  ): Promise<ExternalSignInResult> {
    const origin = requestOrigin(ctx)
    const method = `external:${provider.id}`
    const refuse = async (
      reason: string,
      message: string,
      details: { userId?: number; email?: string | null; error?: string } = {}
    ): Promise<ExternalSignInResult> => {
      await this.audit.record('sign_in_failed', {
        origin,
        userId: details.userId ?? null,
        email: details.email ?? null,
        details: { method, reason, ...(details.error ? { error: details.error } : {}) },
      })
      return { signedIn: false, message }
    }

    const driver = ctx.ally.use(provider.id)
    if (driver.accessDenied()) {
      return refuse('access_denied', `Signing in with ${provider.label} was cancelled.`)
    }
    if (driver.stateMisMatch()) {
      return refuse(
        'state_mismatch',
        `Signing in with ${provider.label} expired or did not start here. Please try again.`
      )
    }
    if (driver.hasError()) {
      return refuse(
        'provider_error',
        `${provider.label} could not sign you in. Please try again.`,
        {
          error: String(driver.getError()).slice(0, 100),
        }
      )
    }

    let profile: ExternalProfile
    try {
      const person = await driver.user()
      profile = {
        provider: provider.id,
        subject: String(person.id),
        email: person.email,
        emailVerified: person.emailVerificationState === 'verified',
        name: person.name || null,
      }
    } catch (error) {
      ctx.logger.warn({ err: error, provider: provider.id }, 'external sign-in was not verified')
      return refuse(
        'provider_error',
        `Your sign-in with ${provider.label} could not be verified. Please try again.`
      )
    }

    let user: User
    try {
      user = await this.accounts.resolve(profile, provider.label, origin)
    } catch (error) {
      if (error instanceof ExternalSignInRefused) {
        return refuse(error.reason, error.message, error.details)
      }
      throw error
    }
    return { signedIn: true, next: await this.flow.firstFactorPassed(ctx, user, method) }
  }
}
