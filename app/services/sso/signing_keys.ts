import { randomUUID } from 'node:crypto'
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import encryption from '@adonisjs/core/services/encryption'
import { appUrl } from '#config/app'
import SigningKey from '#models/sso/signing_key'
import { AuditLog, type AuditOrigin } from '#services/sso/audit_log'

/**
 * ES256 (ECDSA P-256 with SHA-256): asymmetric, so relying apps could verify
 * tokens from the JWKS themselves, and the JWT algorithm every library knows.
 */
export const SIGNING_ALGORITHM = 'ES256'

/** Identity tokens live one hour (spec 1, section 8); no token sso signs lives longer. */
export const IDENTITY_TOKEN_LIFETIME_SECONDS = 3600

/**
 * How long a process trusts its copy of the keys. After a rotation elsewhere
 * (the command, another instance) a process may go on signing with the
 * retired key for at most this long.
 */
const CACHE_TTL_MS = 5 * 60 * 1000

/**
 * A retired key is kept until every token it can have signed has expired: a
 * full token lifetime after the last signature, which another process may
 * make up to CACHE_TTL_MS after retirement, plus a margin for clock drift.
 */
export const RETIRED_KEY_RETENTION_MS =
  IDENTITY_TOKEN_LIFETIME_SECONDS * 1000 + CACHE_TTL_MS + 10 * 60 * 1000

/**
 * A token naming a kid this process does not know makes it reload the keys
 * (another instance may have rotated), but at most this often, so a flood of
 * tokens with made-up kids cannot turn into a flood of queries.
 */
const UNKNOWN_KID_RELOAD_INTERVAL_MS = 5000

/** Tolerated clock drift for `nbf` and `iat`; expiry itself is exact. */
const CLOCK_TOLERANCE_SECONDS = 30

/** Anything longer is not a token sso issued; refused before any parsing. */
const MAX_TOKEN_LENGTH = 4096

/** Serialises key creation and rotation across instances (pg_advisory_xact_lock). */
const KEY_LOCK_ID = 0x5350_4b45

interface CachedKey {
  kid: string
  publicJwk: JWK
  publicKey: CryptoKey
  encryptedPrivateJwk: string
  privateKey: CryptoKey | null
  createdAt: number
  retiredAt: number | null
}

export type TokenRejection = 'Invalid token' | 'Token expired'

export interface TokenExpectations {
  /** The `typ` header: what kind of token this must be. */
  typ: string
  audience: string
  maxAgeSeconds: number
}

/**
 * The keys that sign sso's tokens, cached per process. Verification needs no
 * database round trip once the keys are loaded: a forged or expired token is
 * refused from memory.
 */
export class SigningKeys {
  #keys = new Map<string, CachedKey>()
  #loadedAt = 0
  #loading: Promise<void> | null = null
  #queued: Promise<void> | null = null
  #lastUnknownKidReload = 0
  #changeListeners: (() => void)[] = []

  /** Called whenever the keys this process holds change (created, retired, pruned). */
  onChange(listener: () => void) {
    this.#changeListeners.push(listener)
  }

  #changed() {
    for (const listener of this.#changeListeners) listener()
  }

  /** The keys and their state, to tell whether a load changed anything. */
  #fingerprint(keys: Map<string, CachedKey>) {
    return [...keys.values()].map((key) => `${key.kid}:${key.retiredAt}`).join(',')
  }

  /** The newest key that is not retired; the first use on a fresh install creates one. */
  async signingKey(): Promise<{ kid: string; privateKey: CryptoKey }> {
    await this.#fresh()
    let key = this.#newestActive()
    if (!key) {
      await this.#createFirstKey()
      await this.reload()
      key = this.#newestActive()
    }
    if (!key) {
      throw new Error('No signing key could be created')
    }
    if (!key.privateKey) {
      const jwk = encryption.decrypt<string>(key.encryptedPrivateJwk)
      if (!jwk) {
        throw new Error(`The private half of signing key ${key.kid} cannot be decrypted`)
      }
      key.privateKey = (await importJWK(JSON.parse(jwk), SIGNING_ALGORITHM)) as CryptoKey
    }
    return { kid: key.kid, privateKey: key.privateKey }
  }

  /**
   * Signs a token with the current key: `kid` and `typ` in the header; sso as
   * issuer; `lifetimeSeconds` from `issuedAt`; a fresh `jti`.
   */
  async sign(
    claims: { typ: string; subject: string; audience: string; lifetimeSeconds: number },
    extra: JWTPayload = {},
    issuedAt = new Date()
  ): Promise<string> {
    const { kid, privateKey } = await this.signingKey()
    const iat = Math.floor(issuedAt.getTime() / 1000)
    return new SignJWT(extra)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: claims.typ, kid })
      .setIssuer(appUrl)
      .setSubject(claims.subject)
      .setAudience(claims.audience)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + claims.lifetimeSeconds)
      .sign(privateKey)
  }

  /**
   * Checks a token's header, signature and claims. The header must name our
   * algorithm and a kid we hold: `alg: none`, HS256 (the public key used as an
   * HMAC secret) and foreign keys are refused before any cryptography.
   */
  async verify(
    token: string,
    expected: TokenExpectations
  ): Promise<{ payload: JWTPayload } | { rejected: TokenRejection }> {
    if (token.length > MAX_TOKEN_LENGTH) {
      return { rejected: 'Invalid token' }
    }
    let header
    try {
      header = decodeProtectedHeader(token)
    } catch {
      return { rejected: 'Invalid token' }
    }
    if (header.alg !== SIGNING_ALGORITHM || typeof header.kid !== 'string') {
      return { rejected: 'Invalid token' }
    }
    const key = await this.#verificationKey(header.kid)
    if (!key) {
      return { rejected: 'Invalid token' }
    }
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [SIGNING_ALGORITHM],
        typ: expected.typ,
        issuer: appUrl,
        audience: expected.audience,
        requiredClaims: ['sub', 'iat', 'exp'],
        maxTokenAge: expected.maxAgeSeconds,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      })
      // The tolerance is for clocks running ahead; a token is dead at `exp`.
      if (payload.exp! <= Date.now() / 1000) {
        return { rejected: 'Token expired' }
      }
      return { payload }
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        return { rejected: 'Token expired' }
      }
      return { rejected: 'Invalid token' }
    }
  }

  /** The public keys, current and retired, as a JSON Web Key Set. */
  async jwks(): Promise<{ keys: JWK[] }> {
    await this.#fresh()
    const keys = [...this.#keys.values()].sort((a, b) => b.createdAt - a.createdAt)
    return { keys: keys.map((key) => key.publicJwk) }
  }

  /**
   * Creates a new signing key and retires the current one. Tokens the old key
   * signed keep validating until they expire.
   */
  async rotate(origin: AuditOrigin) {
    const { kid, retired } = await db.transaction(async (trx) => {
      await trx.rawQuery('select pg_advisory_xact_lock(?)', [KEY_LOCK_ID])
      const retiredRows = await trx
        .from('signing_keys')
        .whereNull('retired_at')
        .update({ retired_at: new Date() }, ['kid'])
      const created = await this.#insertKey(trx)
      return { kid: created, retired: retiredRows.map((row: { kid: string }) => row.kid) }
    })
    await new AuditLog().record('signing_key_rotated', { origin, details: { kid, retired } })
    await this.reload()
    return { kid, retired }
  }

  /** Deletes keys retired longer ago than every token they signed can live. */
  async prune(retention = RETIRED_KEY_RETENTION_MS) {
    const rows: { kid: string }[] = await db
      .from('signing_keys')
      .where('retired_at', '<', new Date(Date.now() - retention))
      .delete(['kid'])
    for (const { kid } of rows) {
      this.#keys.delete(kid)
    }
    if (rows.length > 0) this.#changed()
    return rows.map((row) => row.kid)
  }

  /**
   * Replaces the cached keys with what the database holds now. A load already
   * under way may have read the table before the caller's change, so one more
   * load is queued behind it (and shared by every caller that asks meanwhile).
   */
  reload(): Promise<void> {
    this.#queued ??= (this.#loading ?? Promise.resolve())
      .catch(() => {})
      .then(() => {
        this.#queued = null
        return this.#startLoad()
      })
    return this.#queued
  }

  #startLoad() {
    this.#loading = this.#load().finally(() => {
      this.#loading = null
    })
    return this.#loading
  }

  async #load() {
    const rows = await SigningKey.query().orderBy('created_at', 'desc')
    const keys = new Map<string, CachedKey>()
    for (const row of rows) {
      const known = this.#keys.get(row.kid)
      keys.set(row.kid, {
        kid: row.kid,
        publicJwk: row.publicJwk,
        publicKey:
          known?.publicKey ?? ((await importJWK(row.publicJwk, SIGNING_ALGORITHM)) as CryptoKey),
        encryptedPrivateJwk: row.privateJwk,
        privateKey: known?.privateKey ?? null,
        createdAt: row.createdAt.toMillis(),
        retiredAt: row.retiredAt?.toMillis() ?? null,
      })
    }
    const changed = this.#fingerprint(keys) !== this.#fingerprint(this.#keys)
    this.#keys = keys
    this.#loadedAt = Date.now()
    if (changed) this.#changed()
  }

  /** Reloads a stale cache; concurrent requests share one load. */
  async #fresh() {
    if (Date.now() - this.#loadedAt > CACHE_TTL_MS) {
      await (this.#loading ?? this.#queued ?? this.reload())
    }
  }

  async #verificationKey(kid: string) {
    await this.#fresh()
    const known = this.#keys.get(kid)
    if (known) {
      return known.publicKey
    }
    if (Date.now() - this.#lastUnknownKidReload < UNKNOWN_KID_RELOAD_INTERVAL_MS) {
      return null
    }
    this.#lastUnknownKidReload = Date.now()
    await this.reload()
    return this.#keys.get(kid)?.publicKey ?? null
  }

  #newestActive() {
    let newest: CachedKey | null = null
    for (const key of this.#keys.values()) {
      if (key.retiredAt === null && (!newest || key.createdAt > newest.createdAt)) {
        newest = key
      }
    }
    return newest
  }

  /** Two instances starting together on an empty table create one key, not two. */
  async #createFirstKey() {
    await db.transaction(async (trx) => {
      await trx.rawQuery('select pg_advisory_xact_lock(?)', [KEY_LOCK_ID])
      const active = await trx.from('signing_keys').whereNull('retired_at').first()
      if (!active) {
        await this.#insertKey(trx)
      }
    })
  }

  async #insertKey(trx: TransactionClientContract) {
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, {
      extractable: true,
    })
    const publicJwk = await exportJWK(publicKey)
    const kid = await calculateJwkThumbprint(publicJwk)
    await SigningKey.create(
      {
        kid,
        algorithm: SIGNING_ALGORITHM,
        publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' },
        privateJwk: encryption.encrypt(JSON.stringify(await exportJWK(privateKey))),
        createdAt: DateTime.now(),
      },
      { client: trx }
    )
    return kid
  }
}

/** One cache per process: every issuer and verifier shares it. */
export const signingKeys = new SigningKeys()
