import { BaseSchema } from '@adonisjs/lucid/schema'

/* An admin's replacement for a shipped email template; no row means the default. */
export default class extends BaseSchema {
  protected tableName = 'email_templates'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.text('type').primary()
      table.text('subject').notNullable()
      table.text('body').notNullable()
      table.uuid('updated_by_user_id').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
