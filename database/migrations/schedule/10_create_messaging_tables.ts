import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Availability messaging (spec 3, messages, message_recipients,
 * message_templates): a message is what an admin composed, sent to each of
 * its recipients by its own durable job. A recipient row is the truth of
 * that person's delivery and answer; the jobs only work it. Opt-outs are
 * kept per phone number (E.164), since carriers opt numbers out, not people.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('message_templates', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.enum('kind', ['sms', 'email']).notNullable()
      table.text('subject').nullable()
      table.text('body').notNullable()
      table.boolean('is_default').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      'create unique index message_templates_one_default on message_templates (kind) where is_default'
    )

    this.schema.createTable('messages', (table) => {
      table.increments('id')
      table.integer('project_id').nullable().references('projects.id').onDelete('SET NULL')
      table
        .integer('template_id')
        .nullable()
        .references('message_templates.id')
        .onDelete('SET NULL')
      table.text('subject').notNullable()
      table.text('body').notNullable()
      // Values of {dates}, {callTime} and {location}, fixed when composed.
      table.text('dates_text').nullable()
      table.text('call_time').nullable()
      table.text('location_text').nullable()
      table.enum('status', ['scheduled', 'sending', 'sent', 'cancelled']).notNullable()
      table.timestamp('send_at', { useTz: true }).notNullable()
      table.timestamp('answers_close_at', { useTz: true }).notNullable()
      // Roster statuses an answer moves the person to on the project; null: leave it.
      table.integer('available_status_id').nullable().references('statuses.id').onDelete('SET NULL')
      table
        .integer('unavailable_status_id')
        .nullable()
        .references('statuses.id')
        .onDelete('SET NULL')
      table.integer('maybe_status_id').nullable().references('statuses.id').onDelete('SET NULL')
      table.uuid('created_by').nullable().references('app_users.id').onDelete('SET NULL')
      table.text('created_by_name').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['status', 'send_at'])
    })

    this.schema.createTable('message_recipients', (table) => {
      table.increments('id')
      table.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE')
      table.enum('resource_type', ['crew', 'vendor']).notNullable()
      table.integer('resource_id').notNullable()
      table.text('name').notNullable()
      table.text('first_name').nullable()
      // E.164, or null when the person has no valid mobile number.
      table.text('phone').nullable()
      table.text('email').nullable()
      table.enum('channel', ['sms', 'email', 'both']).notNullable()
      table.text('status').notNullable().defaultTo('queued')
      // SMS: queued, sending, sent, delivered, undelivered, failed, skipped, unknown.
      table.text('sms_status').nullable()
      table.text('sms_sid').nullable().unique()
      table.text('sms_error').nullable()
      // Email: queued, sending, sent, failed, unknown.
      table.text('email_status').nullable()
      table.text('email_error').nullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('sent_at', { useTz: true }).nullable()
      table.timestamp('delivered_at', { useTz: true }).nullable()
      table.text('reply_text').nullable()
      table.timestamp('replied_at', { useTz: true }).nullable()
      table.enum('answer', ['available', 'unavailable', 'maybe']).nullable()
      table.text('answer_note').nullable()
      table.text('answered_via').nullable()
      table.timestamp('answered_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['message_id', 'resource_type', 'resource_id'])
      table.index(['phone', 'created_at'])
    })

    this.schema.createTable('sms_opt_outs', (table) => {
      table.text('phone').primary()
      table.boolean('opted_out').notNullable()
      table.text('keyword').notNullable()
      table.timestamp('changed_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    for (const name of ['sms_opt_outs', 'message_recipients', 'messages', 'message_templates']) {
      this.schema.dropTable(name)
    }
  }
}
