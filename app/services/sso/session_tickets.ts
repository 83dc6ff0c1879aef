import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { appKey } from '#config/app'

/*
 * A session ticket names one sign-in of a person into one connected app: who,
 * for which apiKey, and when sso issued the identity token, sealed with a MAC
 * of sso's own key. The identity token carries it; the relying app keeps it
 * with the session and presents it to POST /api/apps/session-status, so it
 * can ask about that sign-in and nothing else, and no key of the app's has to
 * be configured for it. Being sso's own MAC and not a signing key's
 * signature, it outlives key rotation.
 */
const TICKET = /^(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/

function sealKey() {
  return createHash('sha256').update('sso session ticket\n').update(appKey.release()).digest()
}

function seal(apiKey: string, userId: number, issuedAtMs: number) {
  return createHmac('sha256', sealKey())
    .update(`${apiKey}\n${userId}\n${issuedAtMs}`)
    .digest('base64url')
}

export interface SessionTicket {
  userId: number
  issuedAt: Date
}

export const sessionTickets = {
  issue(userId: number, apiKey: string, issuedAt: Date) {
    const issuedAtMs = issuedAt.getTime()
    return `${userId}.${issuedAtMs}.${seal(apiKey, userId, issuedAtMs)}`
  },

  /** The sign-in a ticket names, when sso sealed it for `apiKey`; null otherwise. */
  read(ticket: string, apiKey: string): SessionTicket | null {
    const match = TICKET.exec(ticket)
    if (!match) {
      return null
    }
    const userId = Number(match[1])
    const issuedAtMs = Number(match[2])
    const expected = Buffer.from(seal(apiKey, userId, issuedAtMs))
    const given = Buffer.from(match[3])
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return null
    }
    return { userId, issuedAt: new Date(issuedAtMs) }
  },
}
