import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { appProfile } from '#config/app'

/*
 * Cookie names come from the specs and differ per app, because all three apps
 * may share one host (and so one cookie jar) in development.
 * sso lives 2 hours like a usual identity-provider session; the relying apps
 * keep theirs 30 days as their specs say.
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: appProfile.sessionCookie,
  clearWithBrowser: false,
  age: appProfile.id === 'sso' ? '2h' : '30d',
  cookie: {
    path: '/',
    domain: appProfile.id === 'sso' ? (env.get('SESSION_COOKIE_DOMAIN') ?? '') : '',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  // The test client injects sessions through the memory store; every real
  // process (the browser tests' stack included) uses the database.
  store: app.inTest ? 'memory' : 'database',
  stores: {
    database: stores.database({ tableName: 'session' }),
  },
})

export default sessionConfig
