import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Saved SHA-256 states are no longer kept (issue 21): the running hash lives
 * in memory between an upload's requests and is rebuilt from the stored
 * prefix after a restart, so the column has held `[]` since.
 */
export default class extends BaseSchema {
  protected tableName = 'public_uploads'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('hash_checkpoints')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.jsonb('hash_checkpoints').notNullable().defaultTo('[]')
    })
  }
}
