/*
 * Production days (issue 18): activities (spec 3, /api/activities; the
 * activity types are a reference list under /api/activity-types), the day
 * grid's columns, and call sheets with their PDF.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'

const ActivitiesController = () => import('#controllers/schedule/production/activities_controller')
const ScheduleColumnsController = () =>
  import('#controllers/schedule/production/schedule_columns_controller')
const CallSheetsController = () => import('#controllers/schedule/production/call_sheets_controller')
const CallSheetContactsController = () =>
  import('#controllers/schedule/production/call_sheet_contacts_controller')

// A project share link's recipient reads its call sheets without a session.
router
  .group(() => {
    router.get('/api/share/:token/call-sheets/:date', [CallSheetsController, 'shared'])
    router.get('/api/share/:token/call-sheets/:date/pdf', [CallSheetsController, 'sharedPdf'])
  })
  .where('date', /^\d{4}-\d{2}-\d{2}$/)

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

        const project = '/api/projects/:id'
        router.get(`${project}/call-sheet-config`, [CallSheetsController, 'showConfig'])
        router.put(`${project}/call-sheet-config`, [CallSheetsController, 'updateConfig'])
        router.get(`${project}/call-sheets/pdf`, [CallSheetsController, 'allPdf'])
        router.get(`${project}/call-sheets/:date`, [CallSheetsController, 'show'])
        router.get(`${project}/call-sheets/:date/pdf`, [CallSheetsController, 'pdf'])
        router.get(`${project}/call-sheets/:date/override`, [CallSheetsController, 'showOverride'])
        router.put(`${project}/call-sheets/:date/override`, [
          CallSheetsController,
          'updateOverride',
        ])

        const contacts = `${project}/call-sheet-contacts`
        router.get(contacts, [CallSheetContactsController, 'index'])
        router.post(contacts, [CallSheetContactsController, 'store'])
        router.put(`${contacts}/order`, [CallSheetContactsController, 'order'])
        router.patch(`${contacts}/:contactId`, [CallSheetContactsController, 'update'])
        router.delete(`${contacts}/:contactId`, [CallSheetContactsController, 'destroy'])
      })
      .where('id', databaseIdParam())
      .where('columnId', databaseIdParam())
      .where('contactId', databaseIdParam())
      .where('date', /^\d{4}-\d{2}-\d{2}$/)
      .use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
