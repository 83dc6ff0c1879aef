import env from '#start/env'
import app from '@adonisjs/core/services/app'

const GB = 1024 ** 3

/*
 * transfer's own settings that come from the environment (runtime settings an
 * admin changes live in the `settings` table, see TransferSettings).
 */
const fsRoot = env.get('DRIVE_FS_ROOT') ?? app.makePath('storage', 'drive', env.get('APP_ID'))
const accountId = env.get('OBJSTORE_ACCOUNT_ID')

export const transferConfig = {
  disk: env.get('TRANSFER_DISK') ?? 'fs',

  /** Spec 2: public uploads up to 50 GB each. */
  maxUploadBytes: 50 * GB,

  /** A partial upload nobody has touched for this long is abandoned and removed. */
  abandonedUploadAfterMs: 24 * 60 * 60 * 1000,

  /** Lifetime of a download URL handed out by a share or the staff area. */
  downloadUrlLifetime: '15m',

  fs: {
    directory: `${fsRoot}/public-uploads`,
  },

  s3: {
    bucket: env.get('OBJSTORE_BUCKET_NAME') ?? '',
    endpoint:
      env.get('OBJSTORE_ENDPOINT') ??
      (accountId ? `https://${accountId}.r2.cloudflarestorage.com` : undefined),
    region: env.get('OBJSTORE_REGION') ?? 'auto',
    credentials: {
      accessKeyId: env.get('OBJSTORE_ACCESS_KEY_ID') ?? '',
      secretAccessKey: env.get('OBJSTORE_SECRET_ACCESS_KEY')?.release() ?? '',
    },
  },
}
