import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * A location's photo gallery (spec 3, location_photos). `filename` is the
 * served name of the full-size JPEG and its key on schedule's private disk
 * (under location-photos/); the thumbnail sits beside it. Rows go with their
 * location (ON DELETE CASCADE); the files are removed by the service.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('location_photos', (table) => {
      table.increments('id')
      table
        .integer('location_id')
        .notNullable()
        .references('id')
        .inTable('locations')
        .onDelete('CASCADE')
      table.string('filename', 100).notNullable().unique()
      table.string('original_name', 255).nullable()
      table.text('description').nullable()
      // EXIF dates carry no zone: the camera's wall-clock time as written
      // ('2024-05-06T07:08:09'), never shifted into the server's zone.
      table.string('photo_date', 19).nullable()
      table.integer('width').notNullable()
      table.integer('height').notNullable()
      table.integer('size_bytes').notNullable()
      table.integer('thumbnail_size_bytes').notNullable().defaultTo(0)
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['location_id', 'position'])
    })
  }

  async down() {
    this.schema.dropTable('location_photos')
  }
}
