import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Identity tokens the app has signed someone in with (used_identity_tokens.ts),
 * by their jti or a hash of the token, until they expire: each token works
 * once, across every instance.
 */
export default class extends BaseSchema {
  protected tableName = 'used_identity_tokens'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('token_key', 128).primary()
      table.timestamp('expires_at', { useTz: true }).notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
