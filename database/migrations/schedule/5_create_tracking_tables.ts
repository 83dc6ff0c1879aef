import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * What happened and who may look (spec 3, section 2): the activity log of
 * every change, conflicts someone marked resolved, and public share links.
 */
export default class extends BaseSchema {
  async up() {
    // History outlives what it describes: no foreign keys to the entities.
    this.schema.createTable('activity_logs', (table) => {
      table.bigIncrements('id')
      table.uuid('actor_id').nullable().references('app_users.id').onDelete('SET NULL')
      table.text('actor_name').nullable()
      table.text('action').notNullable()
      table.text('entity_type').notNullable()
      table.text('entity_id').nullable()
      table.integer('project_id').nullable()
      table.text('summary').notNullable()
      table.jsonb('changes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['entity_type', 'entity_id', 'created_at'])
      table.index(['project_id', 'created_at'])
      table.index(['created_at'])
    })

    /*
     * A double booking someone looked at and accepted. It covers exactly this
     * set of projects on this day: a third booking makes a new conflict.
     */
    this.schema.createTable('conflict_resolutions', (table) => {
      table.increments('id')
      table.enum('resource_type', ['crew', 'vendor']).notNullable()
      table.integer('resource_id').notNullable()
      table.date('date').notNullable()
      table.specificType('project_ids', 'integer[]').notNullable()
      table.text('note').nullable()
      table.uuid('resolved_by').nullable().references('app_users.id').onDelete('SET NULL')
      table.text('resolved_by_name').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['resource_type', 'resource_id', 'date', 'project_ids'])
    })

    this.schema.createTable('public_share_links', (table) => {
      table.increments('id')
      table.text('token').notNullable().unique()
      table.enum('resource_type', ['project', 'crew', 'vendor']).notNullable()
      table.integer('resource_id').notNullable()
      table.text('label').nullable()
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.uuid('created_by').nullable().references('app_users.id').onDelete('SET NULL')
      table.integer('view_count').notNullable().defaultTo(0)
      table.timestamp('last_viewed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['resource_type', 'resource_id'])
    })
  }

  async down() {
    this.schema.dropTable('public_share_links')
    this.schema.dropTable('conflict_resolutions')
    this.schema.dropTable('activity_logs')
  }
}
