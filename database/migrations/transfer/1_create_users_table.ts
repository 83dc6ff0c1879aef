import { BaseSchema } from '@adonisjs/lucid/schema'

/* transfer's users (spec 2, section 2): only these emails may sign in. */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.text('username').nullable().unique()
      table.text('password_hash').nullable()
      table.text('email').notNullable().unique()
      table.text('display_name').notNullable()
      table.enum('role', ['staff', 'admin']).notNullable().defaultTo('staff')
      table.text('sso_user_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    // Emails compare in lower case (decided deviation 4).
    this.schema.raw('create unique index users_email_lower_unique on users (lower(email))')
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
