import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { type Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'
import { APP_PROFILES } from '#services/shared/app_profiles'

/** The profile (port, database, cookie, error shape) of the app this process runs. */
export const appProfile = APP_PROFILES[env.get('APP_ID')]

/*
 * The relying apps' specs call their signing secret SESSION_SECRET; sso uses
 * the usual APP_KEY. Either signs cookies and encrypts values.
 */
export const appKey: Secret<string> = env.get('SESSION_SECRET') ?? env.get('APP_KEY')!

const isTrustedProxy = proxyAddr.compile(
  (env.get('TRUSTED_PROXIES') ?? 'loopback,linklocal,uniquelocal')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
)

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,

  /*
   * "Trust the first proxy" of the specs: only the hop nearest to us may set
   * X-Forwarded-For / -Proto, and only when it is a proxy we know
   * (TRUSTED_PROXIES; by default loopback and private networks, where a
   * reverse proxy usually sits). A client reaching the app directly from
   * elsewhere cannot choose the address the app logs and rate-limits.
   */
  trustProxy: (address, distance) => distance === 0 && isTrustedProxy(address, distance),

  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})

/** Public base URL of this app, used when no request is at hand. */
export const appUrl =
  env.get('APP_URL') ?? `http://localhost:${env.get('PORT') ?? appProfile.defaultPort}`
