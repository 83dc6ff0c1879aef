import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'
import { appUrl } from '#config/app'
import { transferConfig } from '#config/transfer'

/** The folders of the two fs disks (GET /readyz probes the ones its app writes to). */
export const driveRoots = {
  public: env.get('DRIVE_FS_ROOT') ?? app.makePath('storage', 'drive', env.get('APP_ID')),
  private:
    env.get('DRIVE_PRIVATE_FS_ROOT') ?? app.makePath('storage', 'private', env.get('APP_ID')),
}

/*
 * Each app keeps its files under its own root, so the three apps never see
 * each other's files even on one disk. `fs` is public (served under
 * /uploads) in sso only, for avatars; `private` is never served as is: an app streams its files after
 * its own access check (schedule's feedback screenshots). `s3` is the
 * OBJSTORE_* bucket (the same names transfer's uploads read), private too.
 */
const driveConfig = defineConfig({
  default: 'fs',

  services: {
    fs: services.fs({
      location: driveRoots.public,
      // Only sso's avatars are public files. transfer keeps its tus store
      // and theme media on this disk and serves them through its own routes
      // (downloads, /theme-media/:file); schedule serves
      // /uploads/location-photos itself, after its access check.
      serveFiles: env.get('APP_ID') === 'sso',
      routeBasePath: '/uploads',
      visibility: 'public',
      appUrl,
    }),
    private: services.fs({
      location: driveRoots.private,
      serveFiles: false,
      visibility: 'private',
    }),
    s3: services.s3({
      bucket: transferConfig.s3.bucket,
      endpoint: transferConfig.s3.endpoint,
      region: transferConfig.s3.region,
      credentials: transferConfig.s3.credentials,
      forcePathStyle: true,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
