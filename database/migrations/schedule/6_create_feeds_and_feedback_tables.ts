import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Personal calendar feeds (a crew member's or vendor's bookings as an
 * iCalendar address) and in-app feedback (spec 3, section 2, "feedback").
 */
export default class extends BaseSchema {
  async up() {
    /*
     * A feed address holds a random token; only its SHA-256 is kept, so a
     * database export or backup never gives anyone a working address. A
     * person has at most one live feed: making a new one revokes the old.
     */
    this.schema.createTable('calendar_feeds', (table) => {
      table.increments('id')
      table.enum('resource_type', ['crew', 'vendor']).notNullable()
      table.integer('resource_id').notNullable()
      table.text('token_hash').notNullable().unique()
      table.uuid('created_by').nullable().references('app_users.id').onDelete('SET NULL')
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.integer('fetch_count').notNullable().defaultTo(0)
      table.timestamp('last_fetched_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      'create unique index calendar_feeds_one_live on calendar_feeds (resource_type, resource_id) where revoked_at is null'
    )

    /*
     * What people tell the admins. The reporter's name and email are copied,
     * so feedback outlives the person's access. taskboard_* is the truth of
     * the card's delivery (the job only works it).
     */
    this.schema.createTable('feedback', (table) => {
      table.increments('id')
      table.uuid('user_id').nullable().references('app_users.id').onDelete('SET NULL')
      table.text('reporter_name').notNullable()
      table.text('reporter_email').notNullable()
      table.enum('category', ['bug', 'idea', 'question', 'other']).notNullable()
      table.text('description').notNullable()
      table.text('page_url').nullable()
      table.text('screenshot_key').nullable()
      table.text('screenshot_type').nullable()
      table.integer('screenshot_width').nullable()
      table.integer('screenshot_height').nullable()
      table.integer('screenshot_size').nullable()
      table
        .enum('status', ['new', 'in_progress', 'done', 'wont_fix'])
        .notNullable()
        .defaultTo('new')
      table.text('admin_notes').nullable()
      table.timestamp('taskboard_sent_at', { useTz: true }).nullable()
      table.text('taskboard_error').nullable()
      table.integer('taskboard_attempts').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('feedback')
    this.schema.dropTable('calendar_feeds')
  }
}
