import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * A one-time code carries the sso session ticket of its sign-in into the new
 * session, which re-checks that sign-in with sso from then on
 * (sso_sessions.ts). Sessions made before had no ticket and could never be
 * re-checked, so they end here: everyone signs in again once.
 */
export default class extends BaseSchema {
  protected tableName = 'pending_auth_codes'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('sso_ticket', 200).nullable()
    })
    this.defer(async (db) => {
      await db.from('session').delete()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('sso_ticket')
    })
  }
}
