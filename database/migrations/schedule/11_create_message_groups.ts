import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Saved groups of crew and vendors to message (a "recipient list" picked in
 * compose), and the email provider's id of each recipient's email, so the
 * provider's delivery, bounce and complaint events find their recipient.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('message_groups', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.uuid('created_by').nullable().references('app_users.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw('create unique index message_groups_name on message_groups (lower(name))')

    this.schema.createTable('message_group_members', (table) => {
      table.integer('group_id').notNullable().references('message_groups.id').onDelete('CASCADE')
      table.enum('resource_type', ['crew', 'vendor']).notNullable()
      table.integer('resource_id').notNullable()
      table.primary(['group_id', 'resource_type', 'resource_id'])
    })

    this.schema.alterTable('message_recipients', (table) => {
      table.text('email_message_id').nullable().unique()
    })
  }

  async down() {
    this.schema.alterTable('message_recipients', (table) => {
      table.dropColumn('email_message_id')
    })
    this.schema.dropTable('message_group_members')
    this.schema.dropTable('message_groups')
  }
}
