import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The asymmetric keys that sign identity and embed tokens. The newest key
 * that is not retired signs; retired keys stay (public half published in the
 * JWKS) until every token they signed has expired, then they are pruned.
 */
export default class extends BaseSchema {
  protected tableName = 'signing_keys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      // The RFC 7638 thumbprint of the public key, sent as `kid` in token headers.
      table.string('kid', 64).notNullable().unique()
      table.string('algorithm', 16).notNullable()
      table.jsonb('public_jwk').notNullable()
      // The private JWK, encrypted with the app key.
      table.text('private_jwk').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('retired_at', { useTz: true }).nullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
