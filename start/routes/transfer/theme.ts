/*
 * Background media for the public pages (spec 2: /api/theme/public-config/:page,
 * /api/theme/media/:id/thumbnail, /api/theme/media/:id/url, the
 * /api/theme/media/* management routes, /api/theme/settings*), and the
 * processed files at /theme-media/:file.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const ThemePublicController = () => import('#controllers/transfer/theme_public_controller')
const ThemeMediaController = () => import('#controllers/transfer/theme_media_controller')
const ThemeSettingsController = () => import('#controllers/transfer/theme_settings_controller')

/* Public and stateless: the same answer for everyone, so caches may share it. */
router.get('/api/theme/public-config/:page', [ThemePublicController, 'config'])
router.get('/api/theme/media/:id/thumbnail', [ThemePublicController, 'thumbnail'])
router.get('/theme-media/:file', [ThemePublicController, 'file'])

router
  .group(() => {
    router
      .get('/api/theme/media/:id/url', [ThemeMediaController, 'url'])
      .use(middleware.transferAuth())

    router
      .group(() => {
        router.get('/api/theme/media', [ThemeMediaController, 'index'])
        // Streamed by the controller (config/bodyparser.ts processManually).
        router.post('/api/theme/media', [ThemeMediaController, 'store'])
        router.delete('/api/theme/media/:id', [ThemeMediaController, 'destroy'])
        router.post('/api/theme/media/:id/reprocess', [ThemeMediaController, 'reprocess'])

        router.get('/api/theme/settings', [ThemeSettingsController, 'show'])
        router.post('/api/theme/settings/pages', [ThemeSettingsController, 'savePage'])
        router.post('/api/theme/settings/transcode', [ThemeSettingsController, 'saveTranscode'])
      })
      .use(middleware.transferAdmin())
  })
  .use(stateful())
