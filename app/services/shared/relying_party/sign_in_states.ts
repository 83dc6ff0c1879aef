import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Session } from '@adonisjs/session'

const SESSION_KEY = 'signInStates'

/**
 * Sign-ins a session may have under way at once: a person who starts signing
 * in from two tabs finishes in either. Starting a sixth forgets the oldest.
 */
const KEPT_STATES = 5

/**
 * How long a started sign-in may take at sso: the identity token's own life,
 * which covers typing a password, a second factor, an external provider or
 * registering first.
 */
const STATE_LIFETIME_MS = 60 * 60 * 1000

/** A state this app made: 32 random bytes, base64url. Anything else was not ours. */
const STATE_FORMAT = /^[\w-]{43}$/

interface HeldState {
  value: string
  expiresAt: number
}

export function isSignInState(value: unknown): value is string {
  return typeof value === 'string' && STATE_FORMAT.test(value)
}

/**
 * Constant-time equality of two states (hashed first, as timingSafeEqual
 * needs inputs of one length), so a response time tells nothing about how
 * much of a guess was right.
 */
export function sameState(a: string, b: string) {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(a), digest(b))
}

/**
 * The `state` values of the sign-ins this browser started (decided deviation
 * 6), kept in its session: sso echoes the state to the callback, the callback
 * keeps it with the one-time code, and the exchange accepts the code only
 * from a session that holds the same state.
 */
export const signInStates = {
  /** A new state for a sign-in this session starts. */
  begin(session: Session): string {
    const value = randomBytes(32).toString('base64url')
    const kept = this.held(session).slice(-(KEPT_STATES - 1))
    session.put(SESSION_KEY, [...kept, { value, expiresAt: Date.now() + STATE_LIFETIME_MS }])
    return value
  },

  /** The states of this session's sign-ins that may still finish. */
  held(session: Session): HeldState[] {
    const states = session.get(SESSION_KEY)
    if (!Array.isArray(states)) {
      return []
    }
    return states.filter(
      (state: HeldState) => isSignInState(state?.value) && state.expiresAt > Date.now()
    )
  },

  /** A finished sign-in's state is never accepted again. */
  finish(session: Session, value: string) {
    const left = this.held(session).filter((state) => state.value !== value)
    if (left.length > 0) {
      session.put(SESSION_KEY, left)
    } else {
      session.forget(SESSION_KEY)
    }
  },
}
