import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'pending_auth_codes'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('code', 64).primary()
      table.jsonb('user_data').notNullable()
      table.timestamp('expires_at', { useTz: true }).notNullable().index()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
