import { createHash } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils'

const RELEASE_CHANNEL = 'transfer_upload_lock_release'
const RETRY_MS = 50
const ASK_AGAIN_MS = 1000

/**
 * tus' lock on an upload (one request writes to it at a time), held as a
 * PostgreSQL advisory lock so it holds across several transfer instances. A
 * held lock keeps one connection of its own pool; if the process dies, the
 * connection drops and PostgreSQL frees the lock.
 *
 * A client that retries while its previous request still hangs (a dropped
 * network) must not wait for that request to time out: the waiting request
 * asks the holder to finish, locally or through NOTIFY to the instance
 * holding it, and tus ends the old request gracefully.
 */
export class PostgresUploadLocker implements Locker {
  readonly #pool: pg.Pool
  #listener?: Promise<pg.Client>
  /** Locks this process holds, with tus' callback that ends the holding request. */
  readonly held = new Map<string, RequestRelease>()
  /** The connections holding them, dropped on close so the pool can end. */
  readonly holding = new Set<pg.PoolClient>()

  constructor(
    protected connectionString: string,
    readonly acquireTimeoutMs = 30_000,
    maxHeldLocks = 64
  ) {
    this.#pool = new pg.Pool({
      connectionString,
      max: maxHeldLocks,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
    })
  }

  newLock(id: string): Lock {
    return new PostgresUploadLock(id, this)
  }

  connection() {
    return this.#pool.connect()
  }

  /** Asks the holder of `id` to finish its request, wherever it runs. */
  async requestRelease(id: string) {
    const local = this.held.get(id)
    if (local) {
      await local()
      return
    }
    const listener = await this.listen()
    await listener.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id])
  }

  listen() {
    this.#listener ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString })
      client.on('notification', (message) => {
        const release = message.payload ? this.held.get(message.payload) : undefined
        void release?.()
      })
      client.on('error', () => {
        // Reconnect on next use; a missed release request only means waiting longer.
        this.#listener = undefined
      })
      await client.connect()
      await client.query(`listen ${RELEASE_CHANNEL}`)
      return client
    })()
    this.#listener.catch(() => (this.#listener = undefined))
    return this.#listener
  }

  async close() {
    const listener = await this.#listener?.catch(() => undefined)
    this.#listener = undefined
    await listener?.end()
    for (const client of this.holding) {
      client.release(new Error('upload locker closed'))
    }
    this.holding.clear()
    await this.#pool.end()
  }
}

class PostgresUploadLock implements Lock {
  #client?: pg.PoolClient
  readonly #key: string

  constructor(
    readonly id: string,
    protected locker: PostgresUploadLocker
  ) {
    this.#key = advisoryKey(id)
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease) {
    await this.locker.listen()
    const client = await this.locker.connection()
    const deadline = performance.now() + this.locker.acquireTimeoutMs
    let askedAt = Number.NEGATIVE_INFINITY
    try {
      while (true) {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1::bigint) as locked',
          [this.#key]
        )
        if (rows[0].locked) {
          this.#client = client
          this.locker.held.set(this.id, requestRelease)
          this.locker.holding.add(client)
          return
        }
        if (signal.aborted || performance.now() > deadline) {
          throw ERRORS.ERR_LOCK_TIMEOUT
        }
        if (performance.now() - askedAt > ASK_AGAIN_MS) {
          askedAt = performance.now()
          await this.locker.requestRelease(this.id)
        }
        await sleep(RETRY_MS)
      }
    } catch (error) {
      client.release()
      throw error
    }
  }

  async unlock() {
    const client = this.#client
    if (!client) {
      throw new Error('Releasing an unlocked lock!')
    }
    this.#client = undefined
    this.locker.held.delete(this.id)
    if (!this.locker.holding.delete(client)) {
      // The locker was closed; the connection, and with it the lock, is gone.
      return
    }
    try {
      await client.query('select pg_advisory_unlock($1::bigint)', [this.#key])
      client.release()
    } catch (error) {
      // A broken connection already lost its locks; do not pool it again.
      client.release(error as Error)
    }
  }
}

/** 64 bits of the id's SHA-256, as PostgreSQL's signed bigint. */
function advisoryKey(id: string) {
  return createHash('sha256').update(`tus-upload:${id}`).digest().readBigInt64BE(0).toString()
}
