import { BaseSchema } from '@adonisjs/lucid/schema'

/* schedule's app_users (spec 3, section 2): only these people may sign in. */
export default class extends BaseSchema {
  protected tableName = 'app_users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.text('email').notNullable().unique()
      table.enum('role', ['staff', 'admin']).notNullable().defaultTo('staff')
      // 0 until the person's first sign-in links the sso account.
      table.integer('sso_user_id').notNullable().defaultTo(0).index()
      table.text('display_name').notNullable()
      table.text('username').notNullable()
      table.text('avatar_url').nullable()
      table.timestamp('last_login_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw('create unique index app_users_email_lower_unique on app_users (lower(email))')
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
