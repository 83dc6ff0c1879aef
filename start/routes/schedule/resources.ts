/*
 * The supporting records (spec 3, section 4, "Signed-in resource routes"): statuses, project statuses, crew roles, vendor and location types, clients, regions, crew, vendors, locations, crew-vendor links, resource notes, project tasks and activity logs.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'
import { REFERENCE_LIST_NAMES } from '#services/schedule/reference_lists'

const ReferenceListsController = () => import('#controllers/schedule/reference_lists_controller')
const ClientsController = () => import('#controllers/schedule/clients_controller')
const ActivityLogsController = () => import('#controllers/schedule/activity_logs_controller')

router
  .group(() => {
    router
      .group(() => {
        // One controller for the six lists; it reads which one from the prefix.
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

        router.get('/api/activity-logs', [ActivityLogsController, 'index'])
      })
      .where('id', router.matchers.number())
      .use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
