import { BaseTransformer } from '@adonisjs/core/transformers'
import type { BackupConfiguration } from '#services/transfer/backup/backup_settings'
import type { BackupProgressSummary } from '#services/transfer/backup/backup_queue'

/**
 * GET /api/cloudsync/status: the backup's configuration as an admin sees it
 * (never the app secret or the token: `hasAppSecret` says one is stored),
 * and how far the backlog has come.
 */
export default class BackupStatusTransformer extends BaseTransformer<{
  provider: string
  configuration: BackupConfiguration
  progress: BackupProgressSummary
}> {
  toObject() {
    const { provider, configuration, progress } = this.resource
    return {
      provider,
      appKey: configuration.appKey,
      hasAppSecret: configuration.hasAppSecret,
      connected: configuration.connected,
      account: configuration.account,
      folder: configuration.folder,
      connectedAt: configuration.connectedAt,
      problem: configuration.problem,
      progress,
    }
  }
}
