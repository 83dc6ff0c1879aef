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
 */
export type ThrottledAction = 'sign_in' | 'second_factor' | 'password_reset' | 'verification_email'

interface Rule {
  scope: 'account_source' | 'account' | 'ip'
  requests: number
  duration: string
  /** Only failures count (a success clears the count); otherwise every request counts. */
  failuresOnly: boolean
  /** Not applied to a browser that has signed in to this account before. */
  skipKnownDevice?: boolean
}

const RULES: Record<ThrottledAction, Rule[]> = {
  sign_in: [
    { scope: 'account_source', requests: 5, duration: '15 mins', failuresOnly: true },
    {
      scope: 'account',
      requests: 20,
      duration: '15 mins',
      failuresOnly: true,
      skipKnownDevice: true,
    },
    { scope: 'ip', requests: 50, duration: '15 mins', failuresOnly: true },
  ],
  second_factor: [
    { scope: 'account_source', requests: 5, duration: '15 mins', failuresOnly: true },
    { scope: 'account', requests: 10, duration: '15 mins', failuresOnly: true },
    { scope: 'ip', requests: 50, duration: '15 mins', failuresOnly: true },
  ],
  password_reset: [
    { scope: 'account', requests: 3, duration: '1 hour', failuresOnly: false },
    { scope: 'ip', requests: 10, duration: '1 hour', failuresOnly: false },
  ],
  verification_email: [
    { scope: 'account', requests: 3, duration: '15 mins', failuresOnly: false },
    { scope: 'ip', requests: 10, duration: '1 hour', failuresOnly: false },
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

  /** Seconds until the action may be tried again, or 0 when it may go ahead now. */
  async retryAfter(action: ThrottledAction, subject: ThrottleSubject): Promise<number> {
    let wait = 0
    for (const { key, limiter: keyLimiter } of this.#applicable(action, subject)) {
      if (await keyLimiter.isBlocked(key)) {
        wait = Math.max(wait, await keyLimiter.availableIn(key))
      }
    }
    return wait
  }

  /**
   * Counts an attempt that is not limited to failures (a reset email, a
   * verification resend). Returns the wait when the attempt is over the limit.
   */
  async hit(action: ThrottledAction, subject: ThrottleSubject): Promise<number> {
    const wait = await this.retryAfter(action, subject)
    if (wait > 0) {
      return wait
    }
    for (const { key, limiter: keyLimiter } of this.#applicable(action, subject)) {
      await keyLimiter.increment(key)
    }
    return 0
  }

  async failed(action: ThrottledAction, subject: ThrottleSubject) {
    for (const { rule, key, limiter: keyLimiter } of this.#applicable(action, subject)) {
      if (rule.failuresOnly) {
        await keyLimiter.increment(key)
      }
    }
  }

  async succeeded(action: ThrottledAction, subject: ThrottleSubject) {
    for (const { rule, key, limiter: keyLimiter } of this.#applicable(action, subject)) {
      if (rule.failuresOnly && rule.scope === 'account_source') {
        await keyLimiter.delete(key)
      }
    }
  }
}

/** "Try again in 1 minute." / "Try again in 15 minutes.": a wait in whole minutes, rounded up. */
export function tryAgainIn(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}
