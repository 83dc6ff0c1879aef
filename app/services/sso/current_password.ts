import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import type User from '#models/sso/user'
import { knownDevices } from '#services/sso/known_devices'
import { SignInThrottle, throttleSubject } from '#services/sso/sign_in_throttle'

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.'
export const TOO_MANY_ATTEMPTS = 'Too many wrong attempts. Try again later.'

/**
 * The check of a signed-in person's current password before a change to
 * their account. It goes through the sign-in limits, so a stolen session
 * cannot be used to guess the password faster than the sign-in page allows.
 */
@inject()
export class CurrentPassword {
  constructor(protected throttle: SignInThrottle) {}

  /**
   * Whether `password` is the person's password. Over the sign-in limits the
   * request ends here with 429 `{ message }` and Retry-After.
   */
  async matches(ctx: HttpContext, user: User, password: string) {
    const check = await this.throttle.check(
      'sign_in',
      throttleSubject(ctx, user.email, knownDevices.deviceFor(ctx, user)),
      () => hash.verify(user.password, password)
    )
    if ('retryAfter' in check) {
      refuseAsThrottled(ctx, check.retryAfter)
    }
    return check.matches
  }
}

/** Ends a JSON request with 429 and the wait before the next attempt. */
export function refuseAsThrottled(ctx: HttpContext, retryAfter: number): never {
  ctx.response.header('Retry-After', String(retryAfter))
  return ctx.response.abort({ message: TOO_MANY_ATTEMPTS }, 429)
}
