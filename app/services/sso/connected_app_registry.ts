import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import ConnectedApp from '#models/sso/connected_app'
import { AuditLog, type AuditEventName } from '#services/sso/audit_log'
import type { AdminActor } from '#services/sso/admin_actor'
import { serializer } from '#services/shared/serialize'
import ConnectedAppTransformer from '#transformers/sso/connected_app_transformer'

function hashSecret(secretKey: string) {
  return createHash('sha256').update(secretKey).digest('hex')
}

function newSecretKey() {
  return `sk_${randomBytes(32).toString('hex')}`
}

const LOOPBACK_HOSTS = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * Why `uri` cannot be registered as a redirect URI, or null when it can. The
 * URI is stored exactly as written (/authorize compares it character for
 * character), so it must already be the absolute URL the app will send:
 * http(s) only, plain http only on this machine (a token travels in the query
 * string), no userinfo (it can disguise the real host) and no fragment (a
 * redirect cannot carry one back to the app's server).
 */
export function redirectUriProblem(uri: string): string | null {
  if (/[\s\p{Cc}\\]/u.test(uri)) {
    return 'must not contain spaces, backslashes or control characters'
  }
  const scheme = /^(https?):\/\//.exec(uri)?.[1]
  if (!scheme || !URL.canParse(uri)) {
    return 'must be an absolute URL starting with https:// (or http:// for localhost)'
  }
  if (uri.includes('#')) {
    return 'must not contain a fragment (#…)'
  }
  const authority = uri.slice(scheme.length + 3).split(/[/?]/)[0]
  if (authority.includes('@')) {
    return 'must not contain a user name or password'
  }
  if (!authority) {
    return 'must name a host'
  }
  if (scheme === 'http' && !LOOPBACK_HOSTS.test(new URL(uri).hostname)) {
    return 'must use https:// (plain http:// is allowed only for localhost and 127.0.0.1)'
  }
  return null
}

export interface AppChanges {
  name?: string
  redirectUris?: string[]
}

/**
 * The connected apps registered in sso: their ak_ apiKeys, sk_ secretKeys
 * (stored only as a hash: the key is random, so a fast hash is enough) and
 * exact redirect URIs. Changes made by an admin or an operator are recorded
 * in the audit log with who made them.
 */
export class ConnectedAppRegistry {
  constructor(protected auditLog = new AuditLog()) {}

  /** The secretKey is returned here and never again. */
  async create(name: string, redirectUris: string[], actor?: AdminActor) {
    const secretKey = newSecretKey()
    const app = await ConnectedApp.create({
      name,
      apiKey: `ak_${randomBytes(16).toString('hex')}`,
      secretKeyHash: hashSecret(secretKey),
      redirectUris,
      enabled: true,
    })
    if (actor) {
      await this.#record('app_created', app, actor, { redirectUris })
    }
    return { app, secretKey }
  }

  list() {
    return ConnectedApp.query().orderBy('name').orderBy('id')
  }

  /** The apps as GET /api/admin/apps and `sso:apps:list --json` give them. */
  async listing() {
    const apps = await this.list()
    return serializer.serialize({ apps: ConnectedAppTransformer.transform(apps) })
  }

  /** The apps people can open now, by name. */
  listEnabled() {
    return this.list().where('enabled', true)
  }

  find(id: number) {
    return ConnectedApp.find(id)
  }

  /** Enabled or not: operators name apps by their apiKey. */
  findByApiKey(apiKey: string) {
    return ConnectedApp.findBy('api_key', apiKey)
  }

  findEnabled(apiKey: string) {
    return ConnectedApp.query().where('api_key', apiKey).where('enabled', true).first()
  }

  /** Compares in constant time, as every secret comparison must. */
  secretMatches(app: ConnectedApp, secretKey: string) {
    return timingSafeEqual(Buffer.from(hashSecret(secretKey)), Buffer.from(app.secretKeyHash))
  }

  async update(app: ConnectedApp, changes: AppChanges, actor: AdminActor) {
    const recorded: Record<string, { from: unknown; to: unknown }> = {}
    if (changes.name !== undefined && changes.name !== app.name) {
      recorded.name = { from: app.name, to: changes.name }
      app.name = changes.name
    }
    if (
      changes.redirectUris !== undefined &&
      JSON.stringify(changes.redirectUris) !== JSON.stringify(app.redirectUris)
    ) {
      recorded.redirectUris = { from: app.redirectUris, to: changes.redirectUris }
      app.redirectUris = changes.redirectUris
    }
    if (Object.keys(recorded).length > 0) {
      await app.save()
      await this.#record('app_updated', app, actor, { changes: recorded })
    }
    return app
  }

  /** A new secretKey, returned once; the old one stops working at once. */
  async rotateSecret(app: ConnectedApp, actor: AdminActor) {
    const secretKey = newSecretKey()
    app.secretKeyHash = hashSecret(secretKey)
    await app.save()
    await this.#record('app_secret_rotated', app, actor)
    return secretKey
  }

  async setEnabled(app: ConnectedApp, enabled: boolean, actor: AdminActor) {
    if (app.enabled !== enabled) {
      app.enabled = enabled
      await app.save()
      await this.#record(enabled ? 'app_enabled' : 'app_disabled', app, actor)
    }
    return app
  }

  async delete(app: ConnectedApp, actor: AdminActor) {
    await app.delete()
    await this.#record('app_deleted', app, actor, { redirectUris: app.redirectUris })
  }

  /**
   * Whether `url` lies on the origin of an enabled app's registered redirect
   * URI. Only such URLs may be the target of a redirect after sign-out.
   */
  async isRegisteredOrigin(url: string) {
    let origin: string
    try {
      origin = new URL(url).origin
    } catch {
      return false
    }
    const origins = await this.enabledOrigins()
    return origins.includes(origin)
  }

  /** The origins of every enabled app's registered redirect URIs. */
  async enabledOrigins() {
    const apps = await ConnectedApp.query().where('enabled', true)
    return [...new Set(apps.flatMap((app) => app.origins()))]
  }

  #record(
    event: AuditEventName,
    app: ConnectedApp,
    actor: AdminActor,
    details: Record<string, unknown> = {}
  ) {
    return this.auditLog.record(event, {
      origin: actor.origin,
      actorId: actor.actorId,
      details: { appId: app.id, apiKey: app.apiKey, name: app.name, ...details },
    })
  }
}
