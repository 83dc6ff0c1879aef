import { randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/sso/user'

const COOKIE = 'sso.device'
const MAX_ACCOUNTS = 10

interface DeviceCookie {
  id: string
  userIds: number[]
}

/**
 * A long-lived encrypted cookie naming the accounts this browser has signed
 * in to. Brute-force limits use it to tell the person's own browser from an
 * attacker's (see SignInThrottle).
 */
export const knownDevices = {
  read(ctx: HttpContext): DeviceCookie | null {
    const value = ctx.request.encryptedCookie(COOKIE) as DeviceCookie | undefined
    return value && typeof value.id === 'string' && Array.isArray(value.userIds) ? value : null
  },

  /** This browser's id when it has signed in to `user` before. */
  deviceFor(ctx: HttpContext, user: User | null): string | null {
    const device = this.read(ctx)
    return user && device?.userIds.includes(user.id) ? device.id : null
  },

  remember(ctx: HttpContext, user: User) {
    const device = this.read(ctx) ?? { id: randomBytes(16).toString('hex'), userIds: [] }
    const userIds = [user.id, ...device.userIds.filter((id) => id !== user.id)].slice(
      0,
      MAX_ACCOUNTS
    )
    ctx.response.encryptedCookie(
      COOKIE,
      { id: device.id, userIds },
      { maxAge: '365d', httpOnly: true, sameSite: 'lax' }
    )
  },
}
