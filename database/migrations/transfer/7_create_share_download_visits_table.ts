import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The visits whose download of a share was counted lately: a second request
 * from the same visit (the recipient's browser session, kept as a SHA-256 of
 * its id) within the lifetime of the URL it already holds is the same
 * download, not another. Rows older than that are deleted as the share is
 * downloaded again, and go with their share.
 */
export default class extends BaseSchema {
  protected tableName = 'share_download_visits'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('share_id').notNullable().references('staff_shares.id').onDelete('CASCADE')
      table.text('visit_hash').notNullable()
      table.timestamp('counted_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['share_id', 'visit_hash'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
