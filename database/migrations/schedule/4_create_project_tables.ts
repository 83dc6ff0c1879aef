import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Projects and their rosters (spec 3, section 2). A project runs from
 * start_date to end_date inclusive. Everyone on its roster (project_crew,
 * project_vendor: one ordered list, sort_order shared) is booked on every one
 * of those days, except a day whose assignment_day_notes row says
 * is_scheduled = false; a day note may also carry a note for that day.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('projects', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.text('color').notNullable().defaultTo('#2563eb')
      table.text('text_color').notNullable().defaultTo('#ffffff')
      table.text('notes').nullable()
      table.integer('client_id').nullable().references('clients.id').onDelete('SET NULL')
      table.integer('location_id').nullable().references('locations.id').onDelete('SET NULL')
      table
        .integer('project_status_id')
        .nullable()
        .references('project_statuses.id')
        .onDelete('SET NULL')
      table.integer('region_id').nullable().references('regions.id').onDelete('SET NULL')
      // Date (YYYY-MM-DD) to the external calendar's event id, for the calendar sync.
      table.jsonb('calendar_event_ids').notNullable().defaultTo('{}')
      table.uuid('created_by').nullable().references('app_users.id').onDelete('SET NULL')
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.check('end_date >= start_date', [], 'projects_dates_in_order')
    })
    this.schema.raw(
      'create index projects_active_dates on projects (start_date, end_date) where deleted_at is null'
    )
    this.schema.raw(
      'create index projects_deleted_at on projects (deleted_at) where deleted_at is not null'
    )

    for (const [name, resource] of [
      ['project_crew', 'crew_id'],
      ['project_vendor', 'vendor_id'],
    ] as const) {
      this.schema.createTable(name, (table) => {
        table.increments('id')
        table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
        table
          .integer(resource)
          .notNullable()
          .references(resource === 'crew_id' ? 'crews.id' : 'vendors.id')
          .onDelete('CASCADE')
        table.integer('status_id').nullable().references('statuses.id').onDelete('SET NULL')
        if (resource === 'crew_id') {
          // The role this person has on this project, which may differ from their usual one.
          table.integer('crew_role_id').nullable().references('crew_roles.id').onDelete('SET NULL')
        }
        table.text('notes').nullable()
        table.integer('sort_order').notNullable().defaultTo(0)
        table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
        table.timestamp('updated_at', { useTz: true }).nullable()
        table.unique(['project_id', resource])
        table.index([resource])
      })
    }

    this.schema.createTable('assignment_day_notes', (table) => {
      table.increments('id')
      table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
      table.integer('project_crew_id').nullable().references('project_crew.id').onDelete('CASCADE')
      table
        .integer('project_vendor_id')
        .nullable()
        .references('project_vendor.id')
        .onDelete('CASCADE')
      table.date('date').notNullable()
      table.text('note').nullable()
      table.boolean('is_scheduled').notNullable().defaultTo(true)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.check(
        '(project_crew_id is null) <> (project_vendor_id is null)',
        [],
        'assignment_day_notes_one_assignment'
      )
      table.unique(['project_crew_id', 'date'])
      table.unique(['project_vendor_id', 'date'])
      table.index(['project_id', 'date'])
    })

    this.schema.createTable('project_tasks', (table) => {
      table.increments('id')
      table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
      table.text('text').notNullable()
      table.boolean('completed').notNullable().defaultTo(false)
      table.timestamp('completed_at', { useTz: true }).nullable()
      table.uuid('completed_by').nullable().references('app_users.id').onDelete('SET NULL')
      table.text('completed_by_name').nullable()
      table.uuid('author_id').nullable().references('app_users.id').onDelete('SET NULL')
      table.text('author_name').nullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['project_id', 'sort_order'])
    })

    // What happens on one day of a project: a title, call and wrap times, notes, a place.
    this.schema.createTable('project_day_info', (table) => {
      table.increments('id')
      table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
      table.date('date').notNullable()
      table.text('title').nullable()
      table.text('call_time').nullable()
      table.text('wrap_time').nullable()
      table.text('notes').nullable()
      table.integer('location_id').nullable().references('locations.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['project_id', 'date'])
    })
  }

  async down() {
    for (const name of [
      'project_day_info',
      'project_tasks',
      'assignment_day_notes',
      'project_vendor',
      'project_crew',
      'projects',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
