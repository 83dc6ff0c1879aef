import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * One row per download handed out (spec 2, download_logs). The file name is
 * copied so the log still reads after the file or share is gone.
 */
export default class extends BaseSchema {
  protected tableName = 'download_logs'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('share_id').nullable().references('staff_shares.id').onDelete('SET NULL')
      table.uuid('upload_id').nullable().references('public_uploads.id').onDelete('SET NULL')
      table.text('file_name').notNullable()
      table.uuid('downloaded_by_user_id').nullable().references('users.id').onDelete('SET NULL')
      table.text('ip').notNullable()
      table.text('browser').nullable()
      table.text('os').nullable()
      table.text('device_type').notNullable().defaultTo('desktop')
      table.text('user_agent').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['created_at'])
      table.index(['share_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
