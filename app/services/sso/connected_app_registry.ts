import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import ConnectedApp from '#models/sso/connected_app'

function hashSecret(secretKey: string) {
  return createHash('sha256').update(secretKey).digest('hex')
}

/**
 * The connected apps registered in sso: their ak_ apiKeys, sk_ secretKeys
 * (stored only as a hash: the key is random, so a fast hash is enough) and
 * exact redirect URIs.
 */
export class ConnectedAppRegistry {
  async create(name: string, redirectUris: string[]) {
    const secretKey = `sk_${randomBytes(32).toString('hex')}`
    const app = await ConnectedApp.create({
      name,
      apiKey: `ak_${randomBytes(16).toString('hex')}`,
      secretKeyHash: hashSecret(secretKey),
      redirectUris,
      enabled: true,
    })
    return { app, secretKey }
  }

  findEnabled(apiKey: string) {
    return ConnectedApp.query().where('api_key', apiKey).where('enabled', true).first()
  }

  /** Compares in constant time, as every secret comparison must. */
  secretMatches(app: ConnectedApp, secretKey: string) {
    return timingSafeEqual(Buffer.from(hashSecret(secretKey)), Buffer.from(app.secretKeyHash))
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
    const apps = await ConnectedApp.query().where('enabled', true)
    return apps.some((app) => app.origins().includes(origin))
  }
}
