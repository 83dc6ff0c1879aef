import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Files that reached transfer through the tus endpoint (spec 2, public_uploads).
 * A row exists from the tus creation request on, so an interrupted upload is
 * visible, resumable and, once abandoned, removable.
 */
export default class extends BaseSchema {
  protected tableName = 'public_uploads'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      // The tus upload id, which is also the object's key on the disk.
      table.text('storage_key').notNullable().unique()
      table.enum('disk', ['fs', 's3']).notNullable()
      table.text('file_name').notNullable()
      table.text('mime_type').notNullable().defaultTo('application/octet-stream')
      table.bigInteger('size').notNullable()
      table.bigInteger('received_bytes').notNullable().defaultTo(0)
      table.enum('status', ['uploading', 'complete']).notNullable().defaultTo('uploading')
      table.text('uploader_name').nullable()
      table.text('uploader_email').nullable()
      table.text('message').nullable()
      // SHA-256 of the owner key kept in the uploading visitor's session.
      table.text('owner_key_hash').notNullable()
      table.uuid('uploaded_by_user_id').nullable().references('users.id').onDelete('SET NULL')
      table.text('content_sha256').nullable()
      table
        .enum('hash_status', ['streaming', 'verifying', 'done', 'failed'])
        .notNullable()
        .defaultTo('streaming')
      // Resumable SHA-256 state (hash-wasm) at recent offsets, so a restart resumes hashing.
      table.jsonb('hash_checkpoints').notNullable().defaultTo('[]')
      table
        .enum('backup_status', ['not_configured', 'pending', 'uploading', 'synced', 'failed'])
        .notNullable()
        .defaultTo('not_configured')
      table.text('backup_error').nullable()
      table.timestamp('backup_synced_at', { useTz: true }).nullable()
      table.timestamp('completed_at', { useTz: true }).nullable()
      table.timestamp('expires_at', { useTz: true }).nullable().index()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['status', 'updated_at'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
