import { BaseSchema } from '@adonisjs/lucid/schema'

/* Security events: who, what, when, from which IP and browser. */
export default class extends BaseSchema {
  protected tableName = 'audit_events'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.string('event', 64).notNullable().index()
      // The person the event is about, and who did it (an admin, or the person).
      table.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      table.integer('actor_id').nullable().references('users.id').onDelete('SET NULL')
      // For failures against an unknown account, the email that was tried.
      table.string('email', 254).nullable()
      table.string('ip', 64).nullable()
      table.string('user_agent', 512).nullable()
      table.jsonb('details').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable().index()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
