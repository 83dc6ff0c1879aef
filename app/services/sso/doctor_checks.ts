import encryption from '@adonisjs/core/services/encryption'
import SigningKey from '#models/sso/signing_key'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { setting } from '#services/shared/doctor/configuration_checks'
import { signingKeys } from '#services/sso/signing_keys'

/**
 * How old the signing key may grow before the doctor asks for a rotation
 * (`node ace sso:keys:rotate`): a key that leaked unnoticed signs tokens no
 * longer than this.
 */
export const SIGNING_KEY_ROTATION_DAYS = 180

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * sso signs every identity token with its newest active key: there is one,
 * this APP_KEY decrypts its private half, it is younger than the rotation
 * policy, and the JWKS the relying apps read serves it.
 */
export const signingKeysCheck: DoctorCheck = {
  area: 'sso',
  name: 'Signing keys current',
  needsDatabase: true,
  async run() {
    let keys: SigningKey[]
    try {
      keys = await SigningKey.query().orderBy('created_at', 'desc')
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') {
        return skipped('no signing_keys table yet: the migrations have not run (see above)')
      }
      throw error
    }
    const active = keys.find((key) => key.retiredAt === null)
    if (!active) {
      return keys.length === 0
        ? skipped('no signing key yet: sso makes one at the first sign-in')
        : failed('every signing key is retired', 'node ace sso:keys:rotate (APP_ID=sso)')
    }
    if (!encryption.decrypt<string>(active.privateJwk)) {
      return failed(
        `the private half of signing key ${active.kid} does not decrypt with this APP_KEY (changed since the key was made?)`,
        'put back the APP_KEY the key was made with, or node ace sso:keys:rotate (tokens it signed stop validating)'
      )
    }
    const ageDays = Math.floor((Date.now() - active.createdAt.toMillis()) / DAY_MS)
    if (ageDays > SIGNING_KEY_ROTATION_DAYS) {
      return failed(
        `signing key ${active.kid} is ${ageDays} days old, over the ${SIGNING_KEY_ROTATION_DAYS} days it may serve`,
        'node ace sso:keys:rotate (APP_ID=sso): tokens the old key signed keep validating until they expire'
      )
    }
    await signingKeys.reload()
    const { keys: served } = await signingKeys.jwks()
    if (!served.some((jwk) => jwk.kid === active.kid)) {
      return failed(
        `the JWKS does not serve signing key ${active.kid}`,
        'restart sso so it reloads its keys, then run the doctor again'
      )
    }
    return ok(`key ${active.kid.slice(0, 12)}… is ${ageDays} days old and served in the JWKS`)
  },
}

/**
 * SESSION_COOKIE_DOMAIN, when set, covers APP_URL's host: otherwise browsers
 * refuse the session cookie and nobody stays signed in.
 */
export const cookieDomainCheck: DoctorCheck = {
  area: 'configuration',
  name: 'SESSION_COOKIE_DOMAIN vs APP_URL',
  async run() {
    const domain = setting('SESSION_COOKIE_DOMAIN')
    if (!domain) {
      return ok("not set: the session cookie belongs to APP_URL's host alone")
    }
    const host = URL.parse(setting('APP_URL') ?? '')?.hostname
    if (!host) {
      return skipped(`SESSION_COOKIE_DOMAIN=${domain}, but no APP_URL to compare it with`)
    }
    const bare = domain.replace(/^\./, '').toLowerCase()
    if (host === bare || host.endsWith(`.${bare}`)) {
      return ok(`${domain} covers ${host}`)
    }
    return failed(
      `SESSION_COOKIE_DOMAIN=${domain} does not cover APP_URL's host ${host}: browsers would drop the session cookie`,
      `set SESSION_COOKIE_DOMAIN to ${host} or a parent domain of it (e.g. .${host.split('.').slice(1).join('.') || host}), or leave it empty`
    )
  },
}

/** The checks of `node ace doctor` that only sso has. */
export async function ssoDoctorChecks(): Promise<DoctorCheck[]> {
  return [cookieDomainCheck, signingKeysCheck]
}
