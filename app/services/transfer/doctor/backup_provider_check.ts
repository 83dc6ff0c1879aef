import app from '@adonisjs/core/services/app'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import {
  ProviderAccessRevoked,
  ProviderCredentialsRefused,
  ProviderNotFound,
  ProviderUnavailable,
} from '#services/transfer/backup/backup_provider'
import { BackupSettings } from '#services/transfer/backup/backup_settings'

/**
 * The backup's file-sync provider (Dropbox), when connected: the stored
 * refresh token still buys an access token, as at the start of every backup
 * run, and the chosen folder is there. Read-only: nothing is recorded on the
 * backup's status, nothing is written at the provider.
 */
export function backupProviderCheck(): DoctorCheck {
  return {
    area: 'services',
    name: 'Backup provider (Dropbox)',
    // Its configuration is in the settings table.
    needsDatabase: true,
    async run() {
      const settings = await app.container.make(BackupSettings)
      const label = settings.provider.label
      const configuration = await settings.configuration()
      if (!configuration.connected) {
        return skipped(
          configuration.appKey
            ? `${label} app key set, no account connected (transfer:backup:setup connect)`
            : 'backup not set up'
        )
      }
      const reconnect = 'Reconnect with node ace transfer:backup:setup connect'
      try {
        const connection = await settings.connection()
        // The first call of a fresh connection trades the refresh token for an access token.
        const account = await connection.account()
        const who = `${label} account ${account.name} <${account.email}>`
        if (!configuration.folder) {
          return failed(
            `${who}, no folder chosen`,
            'Choose one with node ace transfer:backup:setup folder </Path>'
          )
        }
        await connection.list(configuration.folder)
        return ok(`${who}, folder ${configuration.folder}`)
      } catch (error) {
        if (error instanceof ProviderAccessRevoked) {
          return failed(`${label} refused the stored connection: ${error.message}`, reconnect)
        }
        if (error instanceof ProviderCredentialsRefused) {
          return failed(
            `${label} refused the app key or secret: ${error.message}`,
            'Enter the app’s key and secret again with node ace transfer:backup:setup credentials <app-key>'
          )
        }
        if (error instanceof ProviderNotFound) {
          return failed(
            `${label} has no folder ${configuration.folder}`,
            `Choose another with node ace transfer:backup:setup folder </Path>, or make it with --create`
          )
        }
        if (error instanceof ProviderUnavailable) {
          return failed(
            `${label} is not answering: ${error.message}`,
            'Try again later; check the server’s outbound connection to Dropbox'
          )
        }
        throw error
      }
    },
  }
}
