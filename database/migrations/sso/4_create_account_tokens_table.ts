import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Single-use tokens mailed to a person: email verification, password reset
 * and email change. Only a hash of the token is stored.
 */
export default class extends BaseSchema {
  protected tableName = 'account_tokens'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.string('purpose', 32).notNullable()
      table.string('token_hash', 64).notNullable().unique()
      // The address being verified (registration or a new email).
      table.string('email', 254).nullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id', 'purpose'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
