import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * A backup's progress lives on its upload, so a crash or a restart loses
 * nothing: the provider's upload session and the bytes it holds are resumed
 * from here (the provider is asked for its committed offset first). `done`
 * replaces `synced` and carries the provider's path.
 */
export default class extends BaseSchema {
  protected tableName = 'public_uploads'

  async up() {
    this.schema.raw(
      'ALTER TABLE public_uploads DROP CONSTRAINT IF EXISTS public_uploads_backup_status_check'
    )
    this.defer(async (db) => {
      await db
        .from(this.tableName)
        .where('backup_status', 'synced')
        .update({ backup_status: 'done' })
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.bigInteger('backup_bytes_done').notNullable().defaultTo(0)
      table.text('backup_session_id').nullable()
      table.text('backup_path').nullable()
      table.integer('backup_attempts').notNullable().defaultTo(0)
      table.timestamp('backup_started_at', { useTz: true }).nullable()
      table.index(['backup_status'])
    })
    this.schema.raw(
      `ALTER TABLE public_uploads ADD CONSTRAINT public_uploads_backup_status_check
       CHECK (backup_status IN ('not_configured', 'pending', 'uploading', 'done', 'failed'))`
    )
  }

  async down() {
    this.schema.raw(
      'ALTER TABLE public_uploads DROP CONSTRAINT IF EXISTS public_uploads_backup_status_check'
    )
    this.defer(async (db) => {
      await db
        .from(this.tableName)
        .where('backup_status', 'done')
        .update({ backup_status: 'synced' })
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['backup_status'])
      table.dropColumns(
        'backup_bytes_done',
        'backup_session_id',
        'backup_path',
        'backup_attempts',
        'backup_started_at'
      )
    })
    this.schema.raw(
      `ALTER TABLE public_uploads ADD CONSTRAINT public_uploads_backup_status_check
       CHECK (backup_status IN ('not_configured', 'pending', 'uploading', 'synced', 'failed'))`
    )
  }
}
