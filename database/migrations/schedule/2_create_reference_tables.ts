import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The lists people pick from (spec 3, section 2): assignment statuses, project
 * statuses, crew roles, vendor and location types, clients, regions, and the
 * app's key-value settings. A fresh install starts with sensible statuses, so
 * the first project can be booked without configuring anything.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('statuses', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.text('icon').nullable()
      table.text('color').notNullable().defaultTo('#64748b')
      table.integer('sort_order').notNullable().defaultTo(0)
      // A person with a status that books them is busy on the project's days,
      // so two such bookings on one day are a conflict; "Declined" is not.
      table.boolean('books_person').notNullable().defaultTo(true)
      table.boolean('is_default').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })

    this.schema.createTable('project_statuses', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.text('icon').nullable()
      table.text('color').notNullable().defaultTo('#64748b')
      table.integer('sort_order').notNullable().defaultTo(0)
      table.boolean('is_default').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })

    for (const name of ['crew_roles', 'vendor_types', 'location_types', 'regions']) {
      this.schema.createTable(name, (table) => {
        table.increments('id')
        table.text('name').notNullable()
        table.text('color').nullable()
        table.integer('sort_order').notNullable().defaultTo(0)
        table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
        table.timestamp('updated_at', { useTz: true }).nullable()
      })
      this.schema.raw(`create unique index ${name}_name_unique on ${name} (lower(name))`)
    }

    this.schema.createTable('clients', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.text('contact_name').nullable()
      table.text('email').nullable()
      table.text('phone').nullable()
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw('create unique index clients_name_unique on clients (lower(name))')

    this.schema.createTable('app_settings', (table) => {
      table.text('key').primary()
      table.jsonb('value').notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })

    this.defer(async (db) => {
      await db.table('statuses').multiInsert([
        {
          name: 'Pencilled',
          icon: '✎',
          color: '#f59e0b',
          sort_order: 1,
          books_person: true,
          is_default: true,
        },
        {
          name: 'Confirmed',
          icon: '✓',
          color: '#16a34a',
          sort_order: 2,
          books_person: true,
          is_default: false,
        },
        {
          name: 'Asked',
          icon: '?',
          color: '#3b82f6',
          sort_order: 3,
          books_person: false,
          is_default: false,
        },
        {
          name: 'Declined',
          icon: '✕',
          color: '#dc2626',
          sort_order: 4,
          books_person: false,
          is_default: false,
        },
      ])
      await db.table('project_statuses').multiInsert([
        { name: 'Enquiry', icon: '?', color: '#94a3b8', sort_order: 1, is_default: false },
        { name: 'Tentative', icon: '✎', color: '#f59e0b', sort_order: 2, is_default: true },
        { name: 'Confirmed', icon: '✓', color: '#16a34a', sort_order: 3, is_default: false },
        { name: 'Wrapped', icon: '■', color: '#475569', sort_order: 4, is_default: false },
        { name: 'Cancelled', icon: '✕', color: '#dc2626', sort_order: 5, is_default: false },
      ])
    })
  }

  async down() {
    for (const name of [
      'app_settings',
      'clients',
      'regions',
      'location_types',
      'vendor_types',
      'crew_roles',
      'project_statuses',
      'statuses',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
