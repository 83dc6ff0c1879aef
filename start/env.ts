/*
 * Environment variables of all three apps. APP_ID picks the app; the README's
 * configuration table says which app reads which name.
 */
import { randomBytes } from 'node:crypto'
import { Env } from '@adonisjs/core/env'
import { Secret } from '@adonisjs/core/helpers'
import { bootMode } from '#services/shared/doctor/boot_mode'
import { settingProblems } from '#services/shared/doctor/setting_problems'

/** An optional absolute http(s) address (the env schema's url format also takes ftp). */
function httpUrl(key: string, value?: string): string | undefined {
  if (!value) {
    return undefined
  }
  const protocol = URL.parse(value)?.protocol
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new Error(`${key} must be an http or https address, got "${value}"`)
  }
  return value
}

const env = await Env.create(new URL('../', import.meta.url), {
  APP_ID: Env.schema.enum(['sso', 'transfer', 'schedule'] as const),
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),
  APP_URL: Env.schema.string.optional(),
  // The product name and logo every app's header shows (one per deployment).
  BRAND_NAME: Env.schema.string.optional(),
  BRAND_LOGO_URL: httpUrl,
  // Addresses of the reverse proxy allowed to set X-Forwarded-For (proxy-addr
  // names or CIDR ranges, comma-separated).
  TRUSTED_PROXIES: Env.schema.string.optional(),

  APP_KEY: Env.schema.secret.optional(),
  SESSION_SECRET: Env.schema.secret.optional(),
  SESSION_COOKIE_DOMAIN: Env.schema.string.optional(),
  DATABASE_URL: Env.schema.string(),
  // Background jobs: web processes work them unless this is false (then run `node ace jobs:work`).
  JOBS_IN_WEB: Env.schema.boolean.optional(),

  SSO_BASE_URL: Env.schema.string.optional(),
  SSO_API_KEY: Env.schema.string.optional(),
  SSO_SECRET_KEY: Env.schema.secret.optional(),
  SSO_REDIRECT_URI: Env.schema.string.optional(),
  // How often a relying app re-checks a session's sign-in with sso (60 s), and
  // how long it keeps a session while sso cannot be reached (900 s).
  SSO_SESSION_CHECK_SECONDS: Env.schema.number.optional(),
  SSO_SESSION_GRACE_SECONDS: Env.schema.number.optional(),
  DEV_BYPASS_EMAIL: Env.schema.string.optional(),
  // sso's design system gallery at /design-system: on outside production unless set.
  DESIGN_SYSTEM_GALLERY: Env.schema.boolean.optional(),
  BOOTSTRAP_SECRET: Env.schema.secret.optional(),
  // schedule's GET /api/admin/backup?secret=… (else the backup_secret setting; neither: refused).
  BACKUP_SECRET: Env.schema.secret.optional(),

  // schedule's address lookup (Google Places API (New)): off without a key.
  // The base URL points it at a proxy, or at a loopback fake in tests.
  MAPS_API_KEY: Env.schema.secret.optional(),
  PLACES_BASE_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  // The same key draws map pictures (Maps Static API), fetched by schedule from here.
  STATIC_MAPS_BASE_URL: Env.schema.string.optional({ format: 'url', tld: false }),

  // schedule's calendar sync: a Google service account's JSON key; off without it.
  // The API URL points it at a proxy, or at a loopback fake in tests and development.
  CALENDAR_SERVICE_KEY: Env.schema.secret.optional(),
  CALENDAR_API_URL: Env.schema.string.optional({ format: 'url', tld: false }),

  // schedule's availability messaging: SMS through Twilio (off without these),
  // email through the app's mailer from MESSAGING_FROM_EMAIL.
  SMS_ACCOUNT_SID: Env.schema.string.optional(),
  SMS_AUTH_TOKEN: Env.schema.secret.optional(),
  SMS_MESSAGING_SERVICE_SID: Env.schema.string.optional(),
  SMS_PHONE_NUMBER: Env.schema.string.optional(),
  SMS_API_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  SMS_DEFAULT_COUNTRY: Env.schema.string.optional(),
  MESSAGING_FROM_EMAIL: Env.schema.string.optional(),

  // Mail: SMTP when SMTP_HOST is set, Resend's API when EMAIL_API_KEY is, else a local outbox.
  MAIL_MAILER: Env.schema.enum.optional(['smtp', 'outbox', 'resend'] as const),
  EMAIL_API_KEY: Env.schema.secret.optional(),
  EMAIL_API_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  // schedule: the `whsec_` signing secret of Resend's webhook (delivery, bounce, complaint events).
  EMAIL_WEBHOOK_SECRET: Env.schema.secret.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  MAIL_FROM_NAME: Env.schema.string.optional(),
  MAIL_OUTBOX_DIR: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.secret.optional(),

  // Files: the `fs` disk under storage/ by default.
  DRIVE_FS_ROOT: Env.schema.string.optional(),
  // GET /readyz fails while a folder the app writes to has less free (100 MB).
  READYZ_MIN_FREE_BYTES: Env.schema.number.optional(),

  // transfer's uploads: `fs` (default) or `s3`, any S3-compatible service.
  // The OBJSTORE_* names are spec 2's (Cloudflare R2 by account id); ENDPOINT
  // and REGION reach other services (MinIO, AWS, a local s3rver).
  TRANSFER_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  // Anonymous upload creation: per client address, creations in 10 minutes
  // (30) and unfinished uploads at once (10); on the fs disk, the free bytes
  // that must remain once every unfinished upload has arrived (5 GiB).
  TRANSFER_UPLOAD_CREATIONS_PER_IP: Env.schema.number.optional(),
  TRANSFER_UNFINISHED_UPLOADS_PER_IP: Env.schema.number.optional(),
  TRANSFER_MIN_FREE_BYTES: Env.schema.number.optional(),
  OBJSTORE_ACCOUNT_ID: Env.schema.string.optional(),
  OBJSTORE_ACCESS_KEY_ID: Env.schema.string.optional(),
  OBJSTORE_SECRET_ACCESS_KEY: Env.schema.secret.optional(),
  OBJSTORE_BUCKET_NAME: Env.schema.string.optional(),
  OBJSTORE_ENDPOINT: Env.schema.string.optional(),
  OBJSTORE_REGION: Env.schema.string.optional(),

  // schedule's private files (feedback screenshots): `fs` (default, under
  // DRIVE_PRIVATE_FS_ROOT, never served as is) or `s3` (the OBJSTORE_* bucket).
  SCHEDULE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  DRIVE_PRIVATE_FS_ROOT: Env.schema.string.optional(),

  // transfer's backup to Dropbox (credentials are set in the admin Settings
  // page). The three hosts point at a proxy, or at a loopback fake in tests;
  // the chunk size is the most one backup holds in memory (Dropbox: <= 150 MB).
  DROPBOX_WWW_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  DROPBOX_API_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  DROPBOX_CONTENT_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  BACKUP_CHUNK_MB: Env.schema.number.optional(),

  // transfer's background videos are transcoded by these programs (Debian's
  // ffmpeg package); another path, e.g. a static build, when not on PATH.
  FFMPEG_PATH: Env.schema.string.optional(),
  FFPROBE_PATH: Env.schema.string.optional(),

  // sso's external identity providers; each is offered only when configured.
  OIDC_ISSUER: Env.schema.string.optional(),
  OIDC_CLIENT_ID: Env.schema.string.optional(),
  OIDC_CLIENT_SECRET: Env.schema.secret.optional(),
  OIDC_DISPLAY_NAME: Env.schema.string.optional(),
  GITHUB_CLIENT_ID: Env.schema.string.optional(),
  GITHUB_CLIENT_SECRET: Env.schema.secret.optional(),
  GOOGLE_CLIENT_ID: Env.schema.string.optional(),
  GOOGLE_CLIENT_SECRET: Env.schema.secret.optional(),
})

/*
 * Settings the app cannot run with: the first one stops the boot, so a
 * process never runs half-configured. `node ace doctor` boots anyway and
 * reports them all (`startupProblems`); a missing or short signing secret is
 * replaced, for that process alone, by a throwaway one so the app can boot.
 */
export const startupProblems = settingProblems((name) => {
  const value = env.get(name as never) as unknown
  return value instanceof Secret ? value.release() : (value as string | undefined)
})
if (startupProblems.length > 0 && !bootMode.doctor) {
  throw new Error(startupProblems[0].problem)
}
for (const name of ['APP_KEY', 'SESSION_SECRET'] as const) {
  if (startupProblems.some((problem) => problem.setting === name)) {
    env.set(name, new Secret(randomBytes(32).toString('base64url')))
  }
}

export default env
