import { createHash } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { LRUCache } from 'lru-cache'
import pg from 'pg'

/**
 * How long a remembered answer lives without any change notification. It
 * bounds how stale an answer can be if a notification is ever lost while the
 * listening connection looks healthy; every other change is forgotten as soon
 * as its transaction commits.
 */
export const VALIDATION_CACHE_TTL_MS = 5000

/** Entries per cache: a few MB at most, whatever the traffic. */
const MAX_ENTRIES = 20_000

/** The channel the triggers of database/migrations/sso/9_notify_validation_changes.ts notify. */
export const VALIDATION_CHANNEL = 'sso_validation'

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000]

/** A token whose signature and claims were checked: valid until `exp`, unless the keys change. */
export type VerifiedToken = { userId: number; expiresAt: number }

/**
 * The hot path of POST /api/apps/validate-token kept in memory, per process:
 * verified tokens (keyed by a hash of the token and the apiKey, until their
 * `exp`) and the database's answer for a person and an app. Both are trusted
 * only while this process listens on `sso_validation`: when the listening
 * connection is down, nothing is read from or written to the caches (every
 * call goes to the keys and the database, as without a cache) until it is
 * back and the caches start empty again.
 *
 * An answer read from the database while a change is committing could be
 * the old one; a generation number, moved on by every forget, keeps such an
 * answer from being remembered.
 */
export class ValidationCache<Answer extends object> {
  #tokens = new LRUCache<string, VerifiedToken>({ max: MAX_ENTRIES, ttl: VALIDATION_CACHE_TTL_MS })
  #answers = new LRUCache<string, Answer>({ max: MAX_ENTRIES, ttl: VALIDATION_CACHE_TTL_MS })
  #generation = 0
  #client: pg.Client | null = null
  #listening = false
  #starting: Promise<void> | null = null
  #stopped = false
  #failures = 0
  #retry: NodeJS.Timeout | null = null

  constructor(
    readonly connectionString: string,
    readonly onKeysChanged: () => void = () => {}
  ) {}

  /** Whether answers are served from memory right now. */
  get listening() {
    return this.#listening
  }

  /** Starts listening once; callers never wait for it (until then, nothing is cached). */
  start() {
    if (!this.#starting && !this.#listening && !this.#stopped && !this.#retry) {
      this.#starting = this.#listen().finally(() => {
        this.#starting = null
      })
    }
  }

  async stop() {
    this.#stopped = true
    if (this.#retry) clearTimeout(this.#retry)
    this.#retry = null
    await this.#starting
    this.#stopListening()
  }

  /** The generation to hand back to `rememberAnswer`: read it before the database. */
  get generation() {
    return this.#generation
  }

  verifiedToken(token: string, apiKey: string): VerifiedToken | undefined {
    return this.#listening ? this.#tokens.get(tokenKey(token, apiKey)) : undefined
  }

  rememberToken(token: string, apiKey: string, verified: VerifiedToken, generation: number) {
    if (this.#listening && generation === this.#generation) {
      this.#tokens.set(tokenKey(token, apiKey), verified)
    }
  }

  forgetToken(token: string, apiKey: string) {
    this.#tokens.delete(tokenKey(token, apiKey))
  }

  answer(userId: number, apiKey: string): Answer | undefined {
    return this.#listening ? this.#answers.get(answerKey(userId, apiKey)) : undefined
  }

  rememberAnswer(userId: number, apiKey: string, answer: Answer, generation: number) {
    if (this.#listening && generation === this.#generation) {
      this.#answers.set(answerKey(userId, apiKey), answer)
    }
  }

  /** A person changed: their answers for every app go. */
  forgetPerson(userId: number) {
    this.#generation++
    const prefix = `${userId}\n`
    for (const key of this.#answers.keys()) {
      if (key.startsWith(prefix)) this.#answers.delete(key)
    }
  }

  /** An app was added, changed or removed: every answer goes (it is rare). */
  forgetApps() {
    this.#generation++
    this.#answers.clear()
  }

  /** Every verified token goes (the keys that verified them changed). */
  forgetTokens() {
    this.#generation++
    this.#tokens.clear()
  }

  /** Another process created, retired or pruned a key: tokens go, and the keys are read again. */
  forgetKeys() {
    this.forgetTokens()
    this.onKeysChanged()
  }

  forgetAll() {
    this.#generation++
    this.#tokens.clear()
    this.#answers.clear()
  }

  /** What a notification on the channel says changed. */
  changed(payload: string) {
    if (payload.startsWith('user:')) {
      this.forgetPerson(Number(payload.slice('user:'.length)))
    } else if (payload === 'apps') {
      this.forgetApps()
    } else if (payload === 'keys') {
      this.forgetKeys()
    } else {
      this.forgetAll()
    }
  }

  async #listen() {
    const client = new pg.Client({ connectionString: this.connectionString })
    client.on('notification', (message) => {
      if (message.channel === VALIDATION_CHANNEL) this.changed(message.payload ?? '')
    })
    // A dropped connection may have lost notifications: stop trusting the caches at once.
    client.on('error', (error) => this.#lost(client, error))
    client.on('end', () => this.#lost(client, null))
    try {
      await client.connect()
      await client.query(`listen ${VALIDATION_CHANNEL}`)
    } catch (error) {
      this.#lost(client, error as Error)
      return
    }
    if (this.#stopped) {
      await client.end().catch(() => {})
      return
    }
    this.#client = client
    this.#failures = 0
    // Whatever changed before LISTEN took effect was not announced to us.
    this.forgetAll()
    this.#listening = true
  }

  #lost(client: pg.Client, error: Error | null) {
    if (this.#client && this.#client !== client) return
    this.#stopListening()
    if (this.#stopped || this.#retry) return
    const delay = RECONNECT_DELAYS_MS[Math.min(this.#failures, RECONNECT_DELAYS_MS.length - 1)]
    this.#failures++
    logger.warn(
      { err: error ?? undefined },
      `validate-token cache: not listening for changes, answering from the database; retrying in ${delay} ms`
    )
    this.#retry = setTimeout(() => {
      this.#retry = null
      this.start()
    }, delay)
    this.#retry.unref()
  }

  #stopListening() {
    this.#listening = false
    this.forgetAll()
    const client = this.#client
    this.#client = null
    client?.removeAllListeners('end')
    client?.on('error', () => {})
    client?.end().catch(() => {})
  }
}

function tokenKey(token: string, apiKey: string) {
  return createHash('sha256').update(apiKey).update('\n').update(token).digest('base64url')
}

function answerKey(userId: number, apiKey: string) {
  return `${userId}\n${apiKey}`
}

/** What models tell the cache of their own changes. */
type ChangeListener = Pick<ValidationCache<object>, 'forgetPerson' | 'forgetApps'>

let inUse: ChangeListener | null = null

/** Records the process's cache (token_validation_service.ts makes it on the first validation). */
export function cacheInUse(cache: ChangeListener) {
  inUse = cache
}

/**
 * The process's cache, if it validates tokens at all. Models announce their
 * own changes through it at once, so this process never answers from before
 * a change it made itself (inside a transaction too); the database's
 * notification follows at commit, and is what every other process gets.
 */
export function validationCacheInUse() {
  return inUse
}
