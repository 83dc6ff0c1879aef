import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import Setting from '#models/transfer/setting'
import { upsert } from '#services/shared/atomic_writes'
import type {
  BackupAccount,
  BackupProvider,
  ProviderConnection,
  ProviderCredentials,
} from '#services/transfer/backup/backup_provider'

/*
 * The backup's configuration, kept in the `settings` table beside the other
 * runtime settings (spec 2) but outside the settings page's list: the app
 * secret and the refresh token are encrypted with the app's key, and neither
 * is ever sent back to a browser.
 */
const KEYS = {
  appKey: 'backup_app_key',
  appSecret: 'backup_app_secret',
  refreshToken: 'backup_refresh_token',
  account: 'backup_account',
  folder: 'backup_folder',
  connectedAt: 'backup_connected_at',
  problem: 'backup_problem',
} as const

type Key = (typeof KEYS)[keyof typeof KEYS]

/** What an admin sees of the backup's configuration (no secret in it). */
export type BackupConfiguration = {
  appKey: string | null
  hasAppSecret: boolean
  connected: boolean
  account: BackupAccount | null
  folder: string | null
  connectedAt: string | null
  /** Why the connection stopped working (revoked at the provider), until it is reconnected. */
  problem: string | null
}

/** The backup cannot run: no credentials, no connection or no folder yet. */
export class BackupNotConfigured extends Error {
  constructor(readonly missing: 'credentials' | 'connection' | 'folder') {
    super(
      {
        credentials: 'Backup is not set up: enter the provider app’s key and secret in Settings',
        connection: 'Backup is not connected: connect it to an account in Settings',
        folder: 'Backup has no folder: choose one in Settings',
      }[missing]
    )
  }
}

export class BackupSettings {
  constructor(readonly provider: BackupProvider) {}

  async #values(): Promise<Map<Key, unknown>> {
    const rows = await Setting.query().whereIn('key', Object.values(KEYS))
    return new Map(rows.map((row) => [row.key as Key, row.value]))
  }

  async #write(values: Partial<Record<Key, unknown>>, userId: string | null) {
    await db.transaction(async (trx) => {
      for (const [key, value] of Object.entries(values)) {
        if (value === null) {
          await trx.from('settings').where('key', key).delete()
        } else {
          await upsert(
            'settings',
            'key',
            {
              key,
              value: JSON.stringify(value),
              updated_by_user_id: userId,
              updated_at: new Date(),
            },
            trx
          )
        }
      }
    })
  }

  async configuration(): Promise<BackupConfiguration> {
    const values = await this.#values()
    return {
      appKey: (values.get(KEYS.appKey) as string | undefined) ?? null,
      hasAppSecret: values.has(KEYS.appSecret),
      connected: values.has(KEYS.refreshToken),
      account: (values.get(KEYS.account) as BackupAccount | undefined) ?? null,
      folder: (values.get(KEYS.folder) as string | undefined) ?? null,
      connectedAt: (values.get(KEYS.connectedAt) as string | undefined) ?? null,
      problem: (values.get(KEYS.problem) as string | undefined) ?? null,
    }
  }

  /**
   * New app credentials. A different app key ends the connection (its refresh
   * token belongs to the old app); an empty secret keeps the stored one.
   */
  async saveCredentials(appKey: string, appSecret: string | null, userId: string | null) {
    const values = await this.#values()
    const keyChanged = values.get(KEYS.appKey) !== appKey
    if (!appSecret && !values.has(KEYS.appSecret)) {
      throw new BackupNotConfigured('credentials')
    }
    await this.#write(
      {
        [KEYS.appKey]: appKey,
        ...(appSecret ? { [KEYS.appSecret]: encryption.encrypt(appSecret) } : {}),
        ...(keyChanged
          ? { [KEYS.refreshToken]: null, [KEYS.account]: null, [KEYS.connectedAt]: null }
          : {}),
      },
      userId
    )
  }

  async credentials(): Promise<ProviderCredentials> {
    const values = await this.#values()
    const appKey = values.get(KEYS.appKey) as string | undefined
    const secret = values.get(KEYS.appSecret) as string | undefined
    const appSecret = secret ? encryption.decrypt<string>(secret) : null
    if (!appKey || !appSecret) {
      throw new BackupNotConfigured('credentials')
    }
    return { appKey, appSecret }
  }

  async saveConnection(refreshToken: string, account: BackupAccount, userId: string | null) {
    await this.#write(
      {
        [KEYS.refreshToken]: encryption.encrypt(refreshToken),
        [KEYS.account]: account,
        [KEYS.connectedAt]: new Date().toISOString(),
        [KEYS.problem]: null,
      },
      userId
    )
  }

  async forgetConnection(userId: string | null) {
    await this.#write(
      {
        [KEYS.refreshToken]: null,
        [KEYS.account]: null,
        [KEYS.connectedAt]: null,
        [KEYS.problem]: null,
      },
      userId
    )
  }

  /** Remembers why the connection stopped working, for the status an admin sees. */
  async recordProblem(problem: string) {
    await this.#write({ [KEYS.problem]: problem }, null)
  }

  async saveFolder(folder: string, userId: string | null) {
    await this.#write({ [KEYS.folder]: folder }, userId)
  }

  /** A client for the connected account; throws BackupNotConfigured when there is none. */
  async connection(): Promise<ProviderConnection> {
    const credentials = await this.credentials()
    const values = await this.#values()
    const stored = values.get(KEYS.refreshToken) as string | undefined
    if (!stored) {
      throw new BackupNotConfigured('connection')
    }
    return this.provider.connection(credentials, encryption.decrypt<string>(stored)!)
  }

  /** The folder backups go to; throws BackupNotConfigured when none was chosen. */
  async folder(): Promise<string> {
    const values = await this.#values()
    const folder = values.get(KEYS.folder) as string | undefined
    if (!folder) {
      throw new BackupNotConfigured('folder')
    }
    return folder
  }

  /** Whether new uploads should be backed up: credentials, a connection and a folder. */
  async isReady(): Promise<boolean> {
    const values = await this.#values()
    return [KEYS.appKey, KEYS.appSecret, KEYS.refreshToken, KEYS.folder].every((key) =>
      values.has(key)
    )
  }
}
