import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'
import { appUrl } from '#config/app'

/*
 * Each app keeps its files under its own root, so the three apps never see
 * each other's files even on one disk.
 */
const driveConfig = defineConfig({
  default: 'fs',

  services: {
    fs: services.fs({
      location: env.get('DRIVE_FS_ROOT') ?? app.makePath('storage', 'drive', env.get('APP_ID')),
      serveFiles: true,
      routeBasePath: '/uploads',
      visibility: 'public',
      appUrl,
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
