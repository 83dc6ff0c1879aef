import db from '@adonisjs/lucid/services/db'
import { errorName, type HealthCheck } from '#services/shared/health/health_check'

/** The app's database answers a trivial query. */
export class DatabaseCheck implements HealthCheck {
  readonly name = 'database'

  async run() {
    try {
      await db.rawQuery('select 1')
      return null
    } catch (error) {
      return `the database did not answer (${errorName(error)})`
    }
  }
}
