import pg from 'pg'
import { errorName } from '#services/shared/health/health_check'
import { MigrationsCheck } from '#services/shared/health/migrations_check'
import { failed, ok, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { setting } from '#services/shared/doctor/configuration_checks'

/** Where DATABASE_URL points, without its password. */
function serverOf(connectionString: string) {
  const url = URL.parse(connectionString)
  return url ? `${url.hostname}:${url.port || 5432}${url.pathname}` : 'DATABASE_URL'
}

/** What to do about a connection that failed this way. */
function connectionFix(code: string) {
  switch (code) {
    case '28P01':
    case '28000':
      return "correct the user and password in DATABASE_URL (they must match PostgreSQL's role)"
    case '3D000':
      return 'create the database (createdb, or CREATE DATABASE as its owner) or correct its name in DATABASE_URL'
    default:
      return "start PostgreSQL, or correct DATABASE_URL's host and port; it must be reachable from this machine"
  }
}

/**
 * DATABASE_URL leads to a PostgreSQL that lets the app in: a connection of
 * its own (not the app's pool), so the answer names the server and says
 * whether the address, the password or the database is wrong.
 */
export const databaseReachableCheck: DoctorCheck = {
  area: 'database',
  name: 'PostgreSQL reachable',
  async run() {
    const connectionString = setting('DATABASE_URL') ?? ''
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 })
    client.on('error', () => {})
    try {
      await client.connect()
      const result = await client.query('show server_version')
      return ok(`PostgreSQL ${result.rows[0].server_version} at ${serverOf(connectionString)}`)
    } catch (error) {
      const code = errorName(error)
      return failed(
        `${serverOf(connectionString)} did not let the app in (${code})`,
        connectionFix(code)
      )
    } finally {
      await client.end().catch(() => {})
    }
  },
}

/** Every migration file of this app has run (GET /readyz's check). */
export const migrationsCheck: DoctorCheck = {
  area: 'database',
  name: 'Migrations current',
  needsDatabase: true,
  async run() {
    const problem = await new MigrationsCheck().run()
    return problem === null
      ? ok('every migration has run')
      : failed(
          problem.replace(/ \(node ace migration:run\)$/, ''),
          `node ace migration:run (APP_ID=${setting('APP_ID')})`
        )
  },
}

export const databaseChecks = [databaseReachableCheck, migrationsCheck]
