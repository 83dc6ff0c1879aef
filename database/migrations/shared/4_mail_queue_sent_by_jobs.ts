import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Mail is now sent by a pg-boss job per message, which keeps the attempts
 * and the time of the next one. The row keeps the message, the last error,
 * and `failed_at` once its last attempt failed. Rows queued before this
 * change are given a job by the `shared.requeue-unsent-mail` sweep.
 */
export default class extends BaseSchema {
  protected tableName = 'mail_queue'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['available_at'], 'mail_queue_due_index')
      table.dropColumn('attempts')
      table.dropColumn('available_at')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('available_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['available_at'], 'mail_queue_due_index', {
        predicate: this.knex().whereNull('failed_at'),
      })
    })
  }
}
