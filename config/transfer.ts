import env from '#start/env'
import app from '@adonisjs/core/services/app'

const MB = 1024 ** 2
const GB = 1024 ** 3

/*
 * transfer's own settings that come from the environment (runtime settings an
 * admin changes live in the `settings` table, see TransferSettings).
 */
const fsRoot = env.get('DRIVE_FS_ROOT') ?? app.makePath('storage', 'drive', env.get('APP_ID'))

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

  /** Limits on anonymous upload creation, read per request (see UploadCreationLimits); tests change them. */
  creationLimits: {
    window: '10 mins',
    get creationsPerIp() {
      return Number(env.get('TRANSFER_UPLOAD_CREATIONS_PER_IP') ?? 30)
    },
    get unfinishedPerIp() {
      return Number(env.get('TRANSFER_UNFINISHED_UPLOADS_PER_IP') ?? 10)
    },
    get minFreeBytes() {
      return Number(env.get('TRANSFER_MIN_FREE_BYTES') ?? 5 * GB)
    },
  },

  backup: {
    /** Dropbox's hosts, or where they are reached instead (a proxy; a fake in tests). */
    hosts: {
      www: env.get('DROPBOX_WWW_URL') ?? 'https://www.dropbox.com',
      api: env.get('DROPBOX_API_URL') ?? 'https://api.dropboxapi.com',
      content: env.get('DROPBOX_CONTENT_URL') ?? 'https://content.dropboxapi.com',
    },
    /** Bytes per upload request, between 1 and 150 MiB (Dropbox's limit); 32 MiB by default. */
    chunkBytes: Math.min(Math.max(env.get('BACKUP_CHUNK_MB') ?? 32, 1), 150) * 1024 * 1024,
  },

  /** Background media for the public pages (see the README's "Page themes"). */
  theme: {
    /** Theme media on the fs disk (on S3: the `theme-media/` prefix of the bucket). */
    fsDirectory: `${fsRoot}/theme-media`,
    /** A phone photo is a few MB, a camera's full-size JPEG or PNG stays well under this. */
    maxImageBytes: 40 * MB,
    /** A minute of 4K camera footage; a background is rarely longer. */
    maxVideoBytes: 1 * GB,
    /** Longer videos are refused when processed (a background loops a short clip). */
    maxVideoSeconds: 10 * 60,
    ffmpegPath: env.get('FFMPEG_PATH') ?? 'ffmpeg',
    ffprobePath: env.get('FFPROBE_PATH') ?? 'ffprobe',
  },

  s3: objectStoreSettings(),
}

/**
 * The OBJSTORE_* bucket as the drive's s3 disk and transfer's uploads reach
 * it, read from the environment when called (`node ace doctor` checks the
 * settings of the moment).
 */
export function objectStoreSettings() {
  const accountId = env.get('OBJSTORE_ACCOUNT_ID')
  return {
    bucket: env.get('OBJSTORE_BUCKET_NAME') ?? '',
    endpoint:
      env.get('OBJSTORE_ENDPOINT') ??
      (accountId ? `https://${accountId}.r2.cloudflarestorage.com` : undefined),
    region: env.get('OBJSTORE_REGION') ?? 'auto',
    credentials: {
      accessKeyId: env.get('OBJSTORE_ACCESS_KEY_ID') ?? '',
      secretAccessKey: env.get('OBJSTORE_SECRET_ACCESS_KEY')?.release() ?? '',
    },
  }
}
