import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The address an upload was created from, so the unfinished uploads of one
 * client can be counted (UploadCreationLimits). Older rows have none.
 */
export default class extends BaseSchema {
  protected tableName = 'public_uploads'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.text('uploader_ip').nullable()
      table.index(['uploader_ip'], 'public_uploads_unfinished_by_ip', {
        predicate: this.knex().whereRaw("status = 'uploading'"),
      })
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['uploader_ip'], 'public_uploads_unfinished_by_ip')
      table.dropColumn('uploader_ip')
    })
  }
}
