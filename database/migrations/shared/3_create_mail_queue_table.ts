import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Mail waiting to be sent. Kept in the database so a message queued just
 * before a crash or a restart is still sent, and so several instances share
 * the work (each row is claimed with FOR UPDATE SKIP LOCKED).
 */
export default class extends BaseSchema {
  protected tableName = 'mail_queue'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.text('mailer').notNullable()
      table.jsonb('payload').notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('available_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.text('last_error').nullable()
      table.timestamp('failed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['available_at'], 'mail_queue_due_index', {
        predicate: this.knex().whereNull('failed_at'),
      })
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
