import { BaseSchema } from '@adonisjs/lucid/schema'

/* Key-value configuration an admin changes at runtime (spec 2, settings). */
export default class extends BaseSchema {
  protected tableName = 'settings'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.text('key').primary()
      table.jsonb('value').notNullable()
      table.uuid('updated_by_user_id').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
