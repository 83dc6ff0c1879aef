/*
 * Location photo galleries (spec 3: /api/locations/:id/photos, and the files
 * at /uploads/location-photos/:filename), and a location's map picture.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'

const LocationPhotosController = () =>
  import('#controllers/schedule/locations/location_photos_controller')
const PhotoFilesController = () => import('#controllers/schedule/locations/photo_files_controller')
const StaticMapController = () => import('#controllers/schedule/locations/static_map_controller')

router
  .group(() => {
    // Signed in, or a share link's holder (checked by the controller).
    router.get('/uploads/location-photos/:filename', [PhotoFilesController, 'show'])
    // The location's map picture, by the same rule (rate limited by the controller).
    router
      .get('/api/locations/:id/static-map', [StaticMapController, 'show'])
      .where('id', databaseIdParam())

    router
      .group(() => {
        router.get('/api/locations/:id/photos', [LocationPhotosController, 'index'])
        router.post('/api/locations/:id/photos', [LocationPhotosController, 'store'])
        router.put('/api/locations/:id/photos/order', [LocationPhotosController, 'reorder'])
        router.patch('/api/locations/:id/photos/:photoId', [LocationPhotosController, 'update'])
        router.delete('/api/locations/:id/photos/:photoId', [LocationPhotosController, 'destroy'])
      })
      .where('id', databaseIdParam())
      .where('photoId', databaseIdParam())
      .use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
