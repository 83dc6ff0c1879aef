import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SessionCollection } from '@adonisjs/session'
import { DateTime } from 'luxon'
import type User from '#models/sso/user'

/** What a person sees of each of their sessions. */
export type SessionDevice = {
  ip: string | null
  userAgent: string | null
  method: string
  signedInAt: string
}

/** One session of the person, as their security page lists it. */
export type AccountSession = {
  handle: string
  current: boolean
  ip: string | null
  userAgent: string | null
  method: string
  signedInAt: string | null
}

const DEVICE_KEY = 'device'

/** Sessions are shown by a hash of their id: the id itself is a bearer secret. */
function handleOf(sessionId: string) {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32)
}

/**
 * A person's sso sessions: each signed-in session is tagged with the user id
 * in the session store, so it can be listed and ended from anywhere (the
 * person's security page, an admin, a password change).
 */
@inject()
export class AccountSessions {
  constructor(protected collection: SessionCollection) {}

  /** Called right after login (which has already issued a fresh session id). */
  async begin({ session, request }: HttpContext, user: User, method: string) {
    const device: SessionDevice = {
      ip: request.ip(),
      userAgent: request.header('user-agent')?.slice(0, 512) ?? null,
      method,
      signedInAt: new Date().toISOString(),
    }
    session.put(DEVICE_KEY, device)
    await session.tag(String(user.id))
  }

  async list(user: User, currentSessionId?: string): Promise<AccountSession[]> {
    const sessions = await this.collection.tagged(String(user.id))
    return sessions
      .map(({ id, data }) => {
        const device = (data[DEVICE_KEY] ?? {}) as Partial<SessionDevice>
        return {
          handle: handleOf(id),
          current: id === currentSessionId,
          ip: device.ip ?? null,
          userAgent: device.userAgent ?? null,
          method: device.method ?? 'password',
          signedInAt: device.signedInAt ?? null,
        }
      })
      .sort((a, b) => String(b.signedInAt).localeCompare(String(a.signedInAt)))
  }

  /** Ends one of the person's sessions, named by its handle. Returns whether one was found. */
  async end(user: User, handle: string) {
    const sessions = await this.collection.tagged(String(user.id))
    const match = sessions.find(({ id }) => handleOf(id) === handle)
    if (!match) {
      return false
    }
    await this.collection.destroy(match.id)
    return true
  }

  /**
   * Ends every session of the person, except `keepSessionId` when given, and
   * every session the connected apps made from their sign-ins so far: those
   * apps re-check their sessions at least once a minute (session_status.ts).
   * Returns how many sso sessions ended.
   */
  async endAll(user: User, keepSessionId?: string) {
    user.sessionsValidAfter = DateTime.now()
    await user.save()
    const sessions = await this.collection.tagged(String(user.id))
    const ended = sessions.filter(({ id }) => id !== keepSessionId)
    await Promise.all(ended.map(({ id }) => this.collection.destroy(id)))
    return ended.length
  }
}
