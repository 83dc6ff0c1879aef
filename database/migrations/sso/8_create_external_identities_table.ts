import { BaseSchema } from '@adonisjs/lucid/schema'

/* Identities at external providers (OIDC, GitHub, Google) linked to sso people. */
export default class extends BaseSchema {
  protected tableName = 'external_identities'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index()
      // The provider id of sso (oidc, github, google) and the provider's stable
      // subject for the person; emails change, subjects do not.
      table.string('provider', 32).notNullable()
      table.string('subject', 255).notNullable()
      // The address the provider last reported, for people and admins to read.
      table.string('email', 254).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['provider', 'subject'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
