import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Share links staff create for a stored file (spec 2, staff_shares). `password`
 * holds the readable copy encrypted with the app key (decided deviation 1);
 * `password_hash` is the bcrypt hash downloads are checked against.
 */
export default class extends BaseSchema {
  protected tableName = 'staff_shares'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.text('token').notNullable().unique()
      table.uuid('upload_id').notNullable().references('public_uploads.id').onDelete('CASCADE')
      table.text('title').nullable()
      table.text('message').nullable()
      table.text('password').nullable()
      table.text('password_hash').nullable()
      table.timestamp('expires_at', { useTz: true }).nullable().index()
      table.integer('max_downloads').nullable()
      table.integer('download_count').notNullable().defaultTo(0)
      table.timestamp('last_downloaded_at', { useTz: true }).nullable()
      table.boolean('notify_on_download').notNullable().defaultTo(false)
      table.jsonb('recipient_emails').notNullable().defaultTo('[]')
      table.uuid('created_by_user_id').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['upload_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
