import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { errorName, type HealthCheck } from '#services/shared/health/health_check'

/**
 * Every migration file of this app has run against its database (Lucid's
 * own list, read from its schema table, as `migration:status` shows it). A
 * migration the database has and these files do not is no failure: during a
 * rolling deployment the new release migrates while the old one still serves.
 */
export class MigrationsCheck implements HealthCheck {
  readonly name = 'migrations'

  async run() {
    const runner = new MigrationRunner(db, app, { direction: 'up', dryRun: true })
    let migrations: Awaited<ReturnType<MigrationRunner['getList']>>
    try {
      migrations = await runner.getList()
    } catch (error) {
      return `the applied migrations could not be read (${errorName(error)})`
    }
    const pending = migrations.filter((entry) => entry.status === 'pending').length
    if (pending === 0) {
      return null
    }
    return pending === 1
      ? '1 migration has not run (node ace migration:run)'
      : `${pending} migrations have not run (node ace migration:run)`
  }
}
