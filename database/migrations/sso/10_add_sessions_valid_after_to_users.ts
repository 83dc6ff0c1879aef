import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * When a person's sessions were last ended (disabling them, an admin's "end
 * sessions", a password change or reset): the relying apps' sessions from a
 * sign-in before that moment end too (session_status.ts).
 */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('sessions_valid_after', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('sessions_valid_after')
    })
  }
}
