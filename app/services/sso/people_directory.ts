import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import User from '#models/sso/user'
import { AuditLog, type AuditEventName } from '#services/sso/audit_log'
import { AccountSessions } from '#services/sso/account_sessions'
import { TotpService } from '#services/sso/totp_service'
import { UserAccounts, normalizeEmail } from '#services/sso/user_accounts'
import { passwordProblem } from '#services/sso/password_policy'
import type { AdminActor } from '#services/sso/admin_actor'
import { serializer } from '#services/shared/serialize'
import PersonTransformer from '#transformers/sso/person_transformer'

/** A refused administrative change; `message` says why, for the admin or operator. */
export class PeopleDirectoryError extends Exception {
  static status = 409
}

export interface NewPerson {
  email: string
  password: string
  name?: string | null
  isAdmin?: boolean
}

function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}

/**
 * What admins (on the dashboard) and operators (at the terminal) do to
 * people's accounts. Every change is recorded in the audit log with who made
 * it. An admin may not disable or demote themselves, so the dashboard always
 * keeps at least the admin who is using it.
 */
@inject()
export class PeopleDirectory {
  constructor(
    protected sessions: AccountSessions,
    protected totp: TotpService,
    protected accounts: UserAccounts,
    protected auditLog: AuditLog
  ) {}

  /** Search by email, username or name (any part, any case), alphabetical by email. */
  async search(filters: { q?: string; page: number; perPage: number }) {
    const query = User.query().orderBy('email')
    const q = filters.q?.trim()
    if (q) {
      const pattern = likePattern(q)
      query.where((match) =>
        match
          .whereILike('email', pattern)
          .orWhereILike('username', pattern)
          .orWhereILike('name', pattern)
          .orWhereILike('display_name', pattern)
      )
    }
    const result = await query.paginate(filters.page, filters.perPage)
    return {
      data: await serializer.serialize(PersonTransformer.transform(result.all())),
      meta: {
        total: result.total,
        page: result.currentPage,
        perPage: result.perPage,
        lastPage: result.lastPage,
      },
    }
  }

  find(id: number) {
    return User.find(id)
  }

  findByEmail(email: string) {
    return User.findBy('email', normalizeEmail(email))
  }

  /**
   * Creates a person an operator or admin vouches for, so their email counts
   * as verified. Refuses an email that is taken and a weak password.
   */
  async create(input: NewPerson, actor: AdminActor) {
    const email = normalizeEmail(input.email)
    const problem = passwordProblem(input.password, { email })
    if (problem) {
      throw new PeopleDirectoryError(`Password refused: ${problem}`)
    }
    const user = await this.accounts.createUnlessTaken({
      email: input.email,
      password: input.password,
      name: input.name ?? null,
      displayName: input.name ?? null,
      isAdmin: input.isAdmin ?? false,
      emailVerified: true,
    })
    if (!user) {
      throw new PeopleDirectoryError(`A person with the email ${email} already exists`)
    }
    await this.#record('user_created', user, actor, { admin: user.isAdmin })
    return user
  }

  /** Disabling also ends every session the person has, so it takes effect at once. */
  async disable(user: User, actor: AdminActor) {
    if (actor.actorId === user.id) {
      throw new PeopleDirectoryError('You cannot disable your own account')
    }
    if (!user.isDisabled) {
      user.disabledAt = DateTime.now()
      await user.save()
    }
    const sessionsEnded = await this.sessions.endAll(user)
    await this.#record('user_disabled', user, actor, { sessionsEnded })
    return { sessionsEnded }
  }

  async enable(user: User, actor: AdminActor) {
    if (user.isDisabled) {
      user.disabledAt = null
      await user.save()
      await this.#record('user_enabled', user, actor)
    }
    return user
  }

  /** Signs the person out everywhere. Returns how many sessions ended. */
  async endSessions(user: User, actor: AdminActor) {
    const sessionsEnded = await this.sessions.endAll(user)
    await this.#record('session_ended', user, actor, { all: true, sessionsEnded })
    return sessionsEnded
  }

  /** For a person who lost their authenticator and recovery codes: they sign in with the password alone until they enrol again. */
  async resetTotp(user: User, actor: AdminActor) {
    const wasEnabled = user.hasTotp
    await this.totp.disable(user)
    await this.#record('totp_reset', user, actor, { wasEnabled })
    return { wasEnabled }
  }

  async setAdmin(user: User, isAdmin: boolean, actor: AdminActor) {
    if (!isAdmin && actor.actorId === user.id) {
      throw new PeopleDirectoryError('You cannot remove your own admin rights')
    }
    if (user.isAdmin !== isAdmin) {
      user.isAdmin = isAdmin
      await user.save()
      await this.#record(isAdmin ? 'admin_granted' : 'admin_revoked', user, actor)
    }
    return user
  }

  /** Whether any admin exists, disabled or not: only then may the first one be bootstrapped. */
  async hasAdmin() {
    return (await User.query().where('is_admin', true).first()) !== null
  }

  #record(event: AuditEventName, user: User, actor: AdminActor, details?: Record<string, unknown>) {
    return this.auditLog.record(event, {
      origin: actor.origin,
      userId: user.id,
      actorId: actor.actorId,
      email: user.email,
      details,
    })
  }
}
