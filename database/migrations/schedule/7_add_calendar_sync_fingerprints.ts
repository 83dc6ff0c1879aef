import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Calendar sync: beside the spec's date → event id map (calendar_event_ids),
 * a fingerprint of what each day's event last said when it was written, so a
 * sync sends only the days whose event would change.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('projects', (table) => {
      table.jsonb('calendar_event_fingerprints').notNullable().defaultTo('{}')
    })
  }

  async down() {
    this.schema.alterTable('projects', (table) => {
      table.dropColumn('calendar_event_fingerprints')
    })
  }
}
