import { BaseSchema } from '@adonisjs/lucid/schema'

/* The persistent session store every spec asks for (table `session`). */
export default class extends BaseSchema {
  protected tableName = 'session'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table.string('user_id').nullable().index()
      table.timestamp('expires_at', { useTz: true }).notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
