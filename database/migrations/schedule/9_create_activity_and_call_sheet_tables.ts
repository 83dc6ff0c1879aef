import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Production days (issue 18): activities on a project's days, the columns of
 * the day grid, and call sheets.
 *
 * Times are 'HH:MM' on the activity's own day, like project_day_info's call
 * and wrap times. An activity with no end time is a milestone (a point in
 * time). `marker` flags the day's first ('start') or last ('end') activity;
 * at most one of each per project day.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('activity_types', (table) => {
      table.increments('id')
      table.text('name').notNullable()
      table.text('color').notNullable().defaultTo('#64748b')
      table.text('icon').nullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      'create unique index activity_types_name_unique on activity_types (lower(name))'
    )

    // The day grid's categories, chosen per project (Camera, Talent, Hair and make-up…).
    this.schema.createTable('schedule_columns', (table) => {
      table.increments('id')
      table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
      table.text('name').notNullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['project_id', 'name'])
    })

    // A row hides a column on one day; no row means shown.
    this.schema.createTable('schedule_column_day_visibility', (table) => {
      table.increments('id')
      table
        .integer('schedule_column_id')
        .notNullable()
        .references('schedule_columns.id')
        .onDelete('CASCADE')
      table.date('date').notNullable()
      table.boolean('hidden').notNullable().defaultTo(true)
      table.unique(['schedule_column_id', 'date'])
    })

    this.schema.createTable('activities', (table) => {
      table.increments('id')
      table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
      table.date('date').notNullable()
      table.text('name').notNullable()
      table
        .integer('activity_type_id')
        .nullable()
        .references('activity_types.id')
        .onDelete('SET NULL')
      table
        .integer('schedule_column_id')
        .nullable()
        .references('schedule_columns.id')
        .onDelete('SET NULL')
      table.text('start_time').notNullable()
      table.text('end_time').nullable()
      table.text('marker').nullable()
      table.integer('location_id').nullable().references('locations.id').onDelete('SET NULL')
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.check('end_time is null or end_time > start_time', [], 'activities_times_in_order')
      table.check("marker is null or marker in ('start', 'end')", [], 'activities_marker_kind')
      table.index(['project_id', 'date'])
    })
    this.schema.raw(
      'create unique index activities_one_marker_per_day on activities (project_id, date, marker) where marker is not null'
    )

    this.schema.createTable('activity_participants', (table) => {
      table.increments('id')
      table.integer('activity_id').notNullable().references('activities.id').onDelete('CASCADE')
      table.integer('project_crew_id').nullable().references('project_crew.id').onDelete('CASCADE')
      table
        .integer('project_vendor_id')
        .nullable()
        .references('project_vendor.id')
        .onDelete('CASCADE')
      table.check(
        '(project_crew_id is null) <> (project_vendor_id is null)',
        [],
        'activity_participants_one_assignment'
      )
      table.unique(['activity_id', 'project_crew_id'])
      table.unique(['activity_id', 'project_vendor_id'])
    })

    this.schema.createTable('call_sheet_config', (table) => {
      table.increments('id')
      table
        .integer('project_id')
        .notNullable()
        .unique()
        .references('projects.id')
        .onDelete('CASCADE')
      // Section keys left out of the sheet (every section is printed by default).
      table.jsonb('hidden_sections').notNullable().defaultTo('[]')
      table.text('company_name').nullable()
      table.text('company_address').nullable()
      table.text('company_phone').nullable()
      table.text('company_email').nullable()
      table.text('general_call').nullable()
      table.text('emergency_info').nullable()
      // IANA zone the sheet's sunrise and sunset are told in; null: the calendar sync's zone.
      table.text('timezone').nullable()
      // Roster rows (project_crew / project_vendor ids) whose contact details a share recipient sees.
      table.jsonb('public_crew_ids').notNullable().defaultTo('[]')
      table.jsonb('public_vendor_ids').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
    })

    this.schema.createTable('call_sheet_day_overrides', (table) => {
      table.increments('id')
      table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
      table.date('date').notNullable()
      table.text('general_call').nullable()
      table.integer('location_id').nullable().references('locations.id').onDelete('SET NULL')
      table.text('notes').nullable()
      table.text('weather_note').nullable()
      table.text('parking').nullable()
      table.text('nearest_hospital').nullable()
      table.text('safety_notes').nullable()
      // project_crew id → 'HH:MM': a person's own call this day, instead of the general call.
      table.jsonb('crew_calls').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['project_id', 'date'])
    })

    this.schema.createTable('call_sheet_contacts', (table) => {
      table.increments('id')
      table.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE')
      table.text('role').notNullable()
      table.text('name').notNullable()
      table.text('phone').nullable()
      table.text('email').nullable()
      table.boolean('is_public').notNullable().defaultTo(false)
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.index(['project_id', 'sort_order'])
    })
  }

  async down() {
    for (const name of [
      'call_sheet_contacts',
      'call_sheet_day_overrides',
      'call_sheet_config',
      'activity_participants',
      'activities',
      'schedule_column_day_visibility',
      'schedule_columns',
      'activity_types',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
