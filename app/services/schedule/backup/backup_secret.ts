import { Exception } from '@adonisjs/core/exceptions'
import { safeEqual } from '@adonisjs/core/helpers'
import env from '#start/env'
import AppSetting from '#models/schedule/app_setting'

/** 401: the secret is missing or wrong. */
export class BackupSecretRefusedError extends Exception {
  static status = 401
}

/** 403: no secret is configured anywhere, so the secret route stays shut. */
export class BackupSecretNotConfiguredError extends Exception {
  static status = 403
}

/**
 * The secret of GET /api/admin/backup: BACKUP_SECRET, else the
 * `backup_secret` setting an admin stores under Administration. With
 * neither, the route is refused: an empty secret would open the database to
 * anyone.
 */
export class BackupSecret {
  async configured(): Promise<string | null> {
    const fromEnv = env.get('BACKUP_SECRET')?.release()
    if (fromEnv) {
      return fromEnv
    }
    const setting = await AppSetting.find('backup_secret')
    return typeof setting?.value === 'string' && setting.value !== '' ? setting.value : null
  }

  /** Compared in constant time; throws the refusal the route answers with. */
  async check(presented: unknown) {
    const secret = await this.configured()
    if (!secret) {
      throw new BackupSecretNotConfiguredError(
        'Backups by secret are off: set BACKUP_SECRET, or the backup secret under Administration'
      )
    }
    if (typeof presented !== 'string' || !safeEqual(secret, presented)) {
      throw new BackupSecretRefusedError('A valid backup secret is required')
    }
  }
}
