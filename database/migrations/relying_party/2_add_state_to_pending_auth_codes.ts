import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Every one-time code is bound to the sign-in that asked for it (the `state`
 * the browser's session sent to sso). Codes live 60 seconds, so the few issued
 * before this column existed are dropped rather than left unusable.
 */
export default class extends BaseSchema {
  protected tableName = 'pending_auth_codes'

  async up() {
    this.defer(async (db) => {
      await db.from(this.tableName).delete()
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.string('state', 64).notNullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('state')
    })
  }
}
