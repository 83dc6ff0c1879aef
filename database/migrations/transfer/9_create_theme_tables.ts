import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Background media for the public pages (spec 2: theme_media, with its
 * processing status, and theme_page_settings, one row per themed page).
 * A medium's truth lives here, not in the job queue: a restart re-queues
 * whatever is still pending or processing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('theme_media', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.text('kind').notNullable().checkIn(['image', 'video'])
      table
        .text('status')
        .notNullable()
        .defaultTo('pending')
        .checkIn(['pending', 'processing', 'ready', 'failed'])
      table.integer('progress').notNullable().defaultTo(0)
      table.text('error').nullable()
      table.text('original_name').notNullable()
      table.text('original_key').notNullable()
      table.text('original_type').notNullable()
      table.bigInteger('original_size').notNullable()
      table.integer('width').nullable()
      table.integer('height').nullable()
      table.double('duration_seconds').nullable()
      /** Every processed file: `{ role, format, key, width, height, size, type }`. */
      table.jsonb('renditions').notNullable().defaultTo('[]')
      table.text('preset').nullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('processing_started_at', { useTz: true }).nullable()
      table.timestamp('processed_at', { useTz: true }).nullable()
      table.uuid('uploaded_by_user_id').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['status'])
    })

    this.schema.createTable('theme_page_settings', (table) => {
      table.text('page').primary().checkIn(['upload', 'share', 'sign_in'])
      table
        .text('mode')
        .notNullable()
        .defaultTo('plain')
        .checkIn(['plain', 'image', 'video', 'slideshow'])
      /** In the order a slideshow shows them; image and video modes use the first. */
      table.specificType('media_ids', 'uuid[]').notNullable().defaultTo('{}')
      table.integer('blur').notNullable().defaultTo(0)
      table.integer('brightness').notNullable().defaultTo(100)
      table.integer('grayscale').notNullable().defaultTo(0)
      table.text('overlay_color').notNullable().defaultTo('#000000')
      table.integer('overlay_opacity').notNullable().defaultTo(0)
      table.text('text_color').notNullable().defaultTo('#ffffff')
      table.uuid('updated_by_user_id').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable('theme_page_settings')
    this.schema.dropTable('theme_media')
  }
}
