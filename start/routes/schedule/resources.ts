/*
 * The supporting records (spec 3, section 4, "Signed-in resource routes"): statuses, project statuses, crew roles, vendor and location types, clients, regions, crew, vendors, locations, crew-vendor links, resource notes, project tasks and activity logs.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'
import { REFERENCE_LIST_NAMES } from '#services/schedule/directory/reference_lists'

const ReferenceListsController = () =>
  import('#controllers/schedule/directory/reference_lists_controller')
const ClientsController = () => import('#controllers/schedule/directory/clients_controller')
const CrewController = () => import('#controllers/schedule/directory/crew_controller')
const VendorsController = () => import('#controllers/schedule/directory/vendors_controller')
const LocationsController = () => import('#controllers/schedule/directory/locations_controller')
const CrewVendorLinksController = () =>
  import('#controllers/schedule/directory/crew_vendor_links_controller')
const ResourceNotesController = () =>
  import('#controllers/schedule/directory/resource_notes_controller')
const ProjectTasksController = () =>
  import('#controllers/schedule/projects/project_tasks_controller')
const ActivityLogsController = () =>
  import('#controllers/schedule/activity/activity_logs_controller')

router
  .group(() => {
    router
      .group(() => {
        // One controller for the seven lists; it reads which one from the prefix.
        for (const list of REFERENCE_LIST_NAMES) {
          router
            .group(() => {
              router.get('/', [ReferenceListsController, 'index'])
              router.post('/', [ReferenceListsController, 'store'])
              router.put('/order', [ReferenceListsController, 'reorder'])
              router.patch('/:id', [ReferenceListsController, 'update'])
              router.delete('/:id', [ReferenceListsController, 'destroy'])
            })
            .prefix(`/api/${list}`)
            .as(list)
        }

        router.get('/api/clients', [ClientsController, 'index'])
        router.post('/api/clients', [ClientsController, 'store'])
        router.get('/api/clients/:id', [ClientsController, 'show'])
        router.patch('/api/clients/:id', [ClientsController, 'update'])
        router.delete('/api/clients/:id', [ClientsController, 'destroy'])

        router.get('/api/crew', [CrewController, 'index'])
        router.post('/api/crew', [CrewController, 'store'])
        router.get('/api/crew/:id', [CrewController, 'show'])
        router.patch('/api/crew/:id', [CrewController, 'update'])
        router.delete('/api/crew/:id', [CrewController, 'destroy'])
        router.get('/api/crew/:id/assignments', [CrewController, 'assignments'])

        router.get('/api/vendors', [VendorsController, 'index'])
        router.post('/api/vendors', [VendorsController, 'store'])
        router.get('/api/vendors/:id', [VendorsController, 'show'])
        router.patch('/api/vendors/:id', [VendorsController, 'update'])
        router.delete('/api/vendors/:id', [VendorsController, 'destroy'])
        router.get('/api/vendors/:id/assignments', [VendorsController, 'assignments'])

        router.get('/api/locations', [LocationsController, 'index'])
        router.post('/api/locations', [LocationsController, 'store'])
        router.get('/api/locations/:id', [LocationsController, 'show'])
        router.patch('/api/locations/:id', [LocationsController, 'update'])
        router.delete('/api/locations/:id', [LocationsController, 'destroy'])

        router.get('/api/crew-vendor-links', [CrewVendorLinksController, 'index'])
        router.post('/api/crew-vendor-links', [CrewVendorLinksController, 'store'])
        router.delete('/api/crew-vendor-links/:id', [CrewVendorLinksController, 'destroy'])

        router.get('/api/resource-notes', [ResourceNotesController, 'index'])
        router.post('/api/resource-notes', [ResourceNotesController, 'store'])
        router.patch('/api/resource-notes/:id', [ResourceNotesController, 'update'])
        router.delete('/api/resource-notes/:id', [ResourceNotesController, 'destroy'])

        router.get('/api/project-tasks', [ProjectTasksController, 'index'])
        router.post('/api/project-tasks', [ProjectTasksController, 'store'])
        router.put('/api/project-tasks/order', [ProjectTasksController, 'reorder'])
        router.patch('/api/project-tasks/:id', [ProjectTasksController, 'update'])
        router.delete('/api/project-tasks/:id', [ProjectTasksController, 'destroy'])

        router.get('/api/activity-logs', [ActivityLogsController, 'index'])
      })
      .where('id', databaseIdParam())
      .use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
