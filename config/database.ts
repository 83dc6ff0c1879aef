import env from '#start/env'
import pg from 'pg'
import { defineConfig } from '@adonisjs/lucid'

/*
 * A DATE column is a calendar day, not an instant: read it as the 'YYYY-MM-DD'
 * text PostgreSQL sends, so no time zone can move it to the day before.
 */
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

const appId = env.get('APP_ID')

/*
 * Each app has its own database. Migrations shared by every app (sessions,
 * rate limits) and by the two relying apps (one-time sign-in codes) live in
 * their own folders next to the app's.
 */
const migrationPaths = ['database/migrations/shared']
if (appId !== 'sso') {
  migrationPaths.push('database/migrations/relying_party')
}
migrationPaths.push(`database/migrations/${appId}`)

const dbConfig = defineConfig({
  connection: 'postgres',
  connections: {
    postgres: {
      client: 'pg',
      connection: { connectionString: env.get('DATABASE_URL') },
      pool: { min: 0, max: 10 },
      migrations: { naturalSort: true, paths: migrationPaths },
      // Models declare their columns; one generated schema file cannot serve three databases.
      schemaGeneration: { enabled: false },
    },
    /*
     * The rate limiter's counts, on a pool of their own (config/limiter.ts).
     * The limiter builds its store once per limit and keeps the query client
     * it was built with. On the main connection that is whatever global
     * transaction was open at that moment (a test's), and the store would go
     * on using that transaction's pg client after it ended and went back to
     * the pool, until the pool closed it ("Client was closed and is not
     * queryable" on every limited route).
     */
    rate_limits: {
      client: 'pg',
      connection: { connectionString: env.get('DATABASE_URL') },
      pool: { min: 0, max: 4 },
    },
  },
})

export default dbConfig
