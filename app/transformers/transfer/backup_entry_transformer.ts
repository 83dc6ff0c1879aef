import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ProviderEntry } from '#services/transfer/backup/backup_provider'

/** One folder or file at the backup provider (GET /api/cloudsync/files and /folders). */
export default class BackupEntryTransformer extends BaseTransformer<ProviderEntry> {
  toObject() {
    const { kind, name, path, size, modifiedAt } = this.resource
    return { kind, name, path, size, modifiedAt }
  }
}
