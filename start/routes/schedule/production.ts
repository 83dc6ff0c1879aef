/*
 * Production days (issue 18): activities (spec 3, /api/activities; the
 * activity types are a reference list under /api/activity-types), the day
 * grid's columns, and call sheets with their PDF.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const ActivitiesController = () => import('#controllers/schedule/production/activities_controller')
const ScheduleColumnsController = () =>
  import('#controllers/schedule/production/schedule_columns_controller')

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/activities', [ActivitiesController, 'index'])
        router.post('/api/activities', [ActivitiesController, 'store'])
        router.post('/api/activities/copy-day', [ActivitiesController, 'copyDay'])
        router.patch('/api/activities/:id', [ActivitiesController, 'update'])
        router.delete('/api/activities/:id', [ActivitiesController, 'destroy'])

        const columns = '/api/projects/:id/schedule-columns'
        router.get(columns, [ScheduleColumnsController, 'index'])
        router.post(columns, [ScheduleColumnsController, 'store'])
        router.patch(`${columns}/:columnId`, [ScheduleColumnsController, 'update'])
        router.delete(`${columns}/:columnId`, [ScheduleColumnsController, 'destroy'])
        router.put(`${columns}/:columnId/days/:date`, [ScheduleColumnsController, 'day'])
      })
      .where('id', router.matchers.number())
      .where('columnId', router.matchers.number())
      .where('date', /^\d{4}-\d{2}-\d{2}$/)
      .use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
