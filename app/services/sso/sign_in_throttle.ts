import limiter from '@adonisjs/limiter/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import type { Limiter } from '@adonisjs/limiter'

/**
 * Brute-force limits on everything that checks a secret or sends mail.
 *
 * The limits are built so an attacker cannot lock a real person out for long:
 * the tightest limit counts failures per account *and* source (a browser that
 * has signed in to the account before, or else the IP), so an attacker's
 * failures elsewhere never block the person's own browser. The account-wide
 * limit, which slows a spread-out guessing attack, ignores browsers that have
 * signed in to the account before. Every block lifts on its own after 15
 * minutes (an hour for mail), and a success clears the account+source count.
 *
 * Secrets (sign_in, second_factor) go through `check`, where only failures
 * count; mail (password_reset, verification_email) through `hit`, where
 * every request counts. Every current-password check in sso is a sign_in
 * check (CurrentPassword), so it shares sign-in's counts and limits.
 */
export type ThrottledAction = 'sign_in' | 'second_factor' | 'password_reset' | 'verification_email'

interface Rule {
  scope: 'account_source' | 'account' | 'ip'
  requests: number
  duration: string
  /** Not applied to a browser that has signed in to this account before. */
  skipKnownDevice?: boolean
}

const RULES: Record<ThrottledAction, Rule[]> = {
  sign_in: [
    { scope: 'account_source', requests: 5, duration: '15 mins' },
    { scope: 'account', requests: 20, duration: '15 mins', skipKnownDevice: true },
    { scope: 'ip', requests: 50, duration: '15 mins' },
  ],
  second_factor: [
    { scope: 'account_source', requests: 5, duration: '15 mins' },
    { scope: 'account', requests: 10, duration: '15 mins' },
    { scope: 'ip', requests: 50, duration: '15 mins' },
  ],
  password_reset: [
    { scope: 'account', requests: 3, duration: '1 hour' },
    { scope: 'ip', requests: 10, duration: '1 hour' },
  ],
  verification_email: [
    { scope: 'account', requests: 3, duration: '15 mins' },
    { scope: 'ip', requests: 10, duration: '1 hour' },
  ],
}

export interface ThrottleSubject {
  /** The account the attempt is about (an email, or a user id). */
  account: string
  ip: string
  /** Set when the browser has signed in to this account before. */
  knownDevice?: string | null
}

export function throttleSubject(ctx: HttpContext, account: string, knownDevice?: string | null) {
  return { account: account.toLowerCase(), ip: ctx.request.ip(), knownDevice }
}

export class SignInThrottle {
  #limiters = new Map<string, Limiter>()

  #limiter(rule: Rule) {
    const id = `${rule.requests}/${rule.duration}`
    let found = this.#limiters.get(id)
    if (!found) {
      found = limiter.use('database', {
        requests: rule.requests,
        duration: rule.duration,
        blockDuration: rule.duration,
      })
      this.#limiters.set(id, found)
    }
    return found
  }

  #applicable(action: ThrottledAction, subject: ThrottleSubject) {
    return RULES[action]
      .filter((rule) => !(rule.skipKnownDevice && subject.knownDevice))
      .map((rule) => {
        const source = subject.knownDevice ? `device:${subject.knownDevice}` : `ip:${subject.ip}`
        const key =
          rule.scope === 'ip'
            ? `${action}:ip:${subject.ip}`
            : rule.scope === 'account'
              ? `${action}:account:${subject.account}`
              : `${action}:account:${subject.account}:${source}`
        return { rule, key, limiter: this.#limiter(rule) }
      })
  }

  /**
   * Counts one attempt on every limit of the action and answers the wait when
   * any count went past its limit (0 when the attempt may go ahead). Each
   * count is one upsert that returns the new value, so concurrent attempts
   * can never all read a count under the limit and all go ahead.
   */
  async #count(action: ThrottledAction, subject: ThrottleSubject) {
    const counted = await Promise.all(
      this.#applicable(action, subject).map(async ({ rule, key, limiter: keyLimiter }) => ({
        rule,
        response: await keyLimiter.increment(key),
      }))
    )
    let wait = 0
    for (const { rule, response } of counted) {
      if (response.consumed > rule.requests) {
        wait = Math.max(wait, response.availableIn, 1)
      }
    }
    return wait
  }

  /**
   * Counts an attempt that is not limited to failures (a reset email, a
   * verification resend). Returns the wait when the attempt is over the limit.
   */
  hit(action: ThrottledAction, subject: ThrottleSubject): Promise<number> {
    return this.#count(action, subject)
  }

  /**
   * Checks a secret under the action's limits. The attempt is counted before
   * the check (see #count), then given back when the secret matches, since
   * only failures count; a match also clears the account+source count. A
   * check that throws was no guess and is given back too.
   */
  async check(
    action: ThrottledAction,
    subject: ThrottleSubject,
    secretMatches: () => Promise<boolean>
  ): Promise<SecretCheck> {
    const wait = await this.#count(action, subject)
    if (wait > 0) {
      return { retryAfter: wait }
    }
    let matches: boolean
    try {
      matches = await secretMatches()
    } catch (error) {
      await this.#giveBack(action, subject, false)
      throw error
    }
    if (matches) {
      await this.#giveBack(action, subject, true)
    }
    return { matches }
  }

  async #giveBack(action: ThrottledAction, subject: ThrottleSubject, succeeded: boolean) {
    for (const { rule, key, limiter: keyLimiter } of this.#applicable(action, subject)) {
      if (succeeded && rule.scope === 'account_source') {
        await keyLimiter.delete(key)
      } else {
        await keyLimiter.decrement(key)
      }
    }
  }
}

/** A secret checked under limits: the wait when refused, or whether it matched. */
export type SecretCheck = { retryAfter: number } | { matches: boolean }

/** "Try again in 1 minute." / "Try again in 15 minutes.": a wait in whole minutes, rounded up. */
export function tryAgainIn(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}
