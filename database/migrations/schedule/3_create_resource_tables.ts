import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The people and places a project books (spec 3, section 2): crew members,
 * vendors, locations, which crew work for which vendor, and free notes about
 * any of them. Crew, vendors and locations are soft-deleted (deleted_at) and
 * stay in the trash for 30 days.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('crews', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.text('phone').nullable()
      table.text('email').nullable()
      table.text('pronouns').nullable()
      table.text('vehicle').nullable()
      table.text('dietary').nullable()
      table.text('how_we_met').nullable()
      // Internal: never shown on a public share link.
      table.text('notes').nullable()
      table.integer('crew_role_id').nullable().references('crew_roles.id').onDelete('SET NULL')
      table.integer('region_id').nullable().references('regions.id').onDelete('SET NULL')
      table.boolean('starred').notNullable().defaultTo(false)
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      'create index crews_active_name on crews (lower(name)) where deleted_at is null'
    )
    this.schema.raw(
      'create index crews_deleted_at on crews (deleted_at) where deleted_at is not null'
    )

    this.schema.createTable('vendors', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.text('contact_name').nullable()
      table.text('phone').nullable()
      table.text('email').nullable()
      table.text('website').nullable()
      table.text('address').nullable()
      table.text('notes').nullable()
      table.integer('vendor_type_id').nullable().references('vendor_types.id').onDelete('SET NULL')
      table.integer('region_id').nullable().references('regions.id').onDelete('SET NULL')
      table.boolean('starred').notNullable().defaultTo(false)
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      'create index vendors_active_name on vendors (lower(name)) where deleted_at is null'
    )
    this.schema.raw(
      'create index vendors_deleted_at on vendors (deleted_at) where deleted_at is not null'
    )

    this.schema.createTable('locations', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.text('address').nullable()
      table.decimal('lat', 9, 6).nullable()
      table.decimal('lng', 9, 6).nullable()
      table.text('notes').nullable()
      table
        .integer('location_type_id')
        .nullable()
        .references('location_types.id')
        .onDelete('SET NULL')
      table.integer('region_id').nullable().references('regions.id').onDelete('SET NULL')
      table.boolean('starred').notNullable().defaultTo(false)
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      'create index locations_deleted_at on locations (deleted_at) where deleted_at is not null'
    )

    this.schema.createTable('crew_vendor_links', (table) => {
      table.increments('id')
      table.integer('crew_id').notNullable().references('crews.id').onDelete('CASCADE')
      table.integer('vendor_id').notNullable().references('vendors.id').onDelete('CASCADE')
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['crew_id', 'vendor_id'])
      table.index(['vendor_id'])
    })

    // Notes about a crew member, vendor or location, written by staff.
    this.schema.createTable('resource_notes', (table) => {
      table.increments('id')
      table.enum('resource_type', ['crew', 'vendor', 'location']).notNullable()
      table.integer('resource_id').notNullable()
      table.text('body').notNullable()
      table.boolean('pinned').notNullable().defaultTo(false)
      table.uuid('author_id').nullable().references('app_users.id').onDelete('SET NULL')
      table.text('author_name').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['resource_type', 'resource_id'])
    })
  }

  async down() {
    for (const name of ['resource_notes', 'crew_vendor_links', 'locations', 'vendors', 'crews']) {
      this.schema.dropTable(name)
    }
  }
}
