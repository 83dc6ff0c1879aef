/*
 * Projects, their rosters, day notes, day info, conflicts and the people calendar (spec 3, section 4, "Signed-in resource routes": /api/projects, /api/notes, /api/conflicts-data, /api/conflict-resolutions, /api/calendar/people).
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import { middleware, stateful } from '#start/kernel'

const ProjectsController = () => import('#controllers/schedule/projects/projects_controller')
const RosterController = () => import('#controllers/schedule/projects/roster_controller')
const DayInfoController = () => import('#controllers/schedule/projects/day_info_controller')
const DayNotesController = () => import('#controllers/schedule/projects/day_notes_controller')
const ConflictsController = () => import('#controllers/schedule/calendar/conflicts_controller')
const ConflictResolutionsController = () =>
  import('#controllers/schedule/calendar/conflict_resolutions_controller')
const PeopleCalendarController = () =>
  import('#controllers/schedule/calendar/people_calendar_controller')

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/projects', [ProjectsController, 'index'])
        router.post('/api/projects', [ProjectsController, 'store'])
        router.get('/api/projects/:id', [ProjectsController, 'show'])
        router.patch('/api/projects/:id', [ProjectsController, 'update'])
        router.delete('/api/projects/:id', [ProjectsController, 'destroy'])

        router.get('/api/projects/:id/roster', [RosterController, 'index'])
        router.put('/api/projects/:id/roster/order', [RosterController, 'order'])
        router.post('/api/projects/:id/roster/move', [RosterController, 'move'])
        router.post('/api/projects/:id/crew', [RosterController, 'storeCrew'])
        router.patch('/api/projects/:id/crew/:assignmentId', [RosterController, 'updateCrew'])
        router.delete('/api/projects/:id/crew/:assignmentId', [RosterController, 'destroyCrew'])
        router.post('/api/projects/:id/vendors', [RosterController, 'storeVendor'])
        router.patch('/api/projects/:id/vendors/:assignmentId', [RosterController, 'updateVendor'])
        router.delete('/api/projects/:id/vendors/:assignmentId', [
          RosterController,
          'destroyVendor',
        ])

        router.get('/api/projects/:id/day-info', [DayInfoController, 'index'])
        router.put('/api/projects/:id/day-info/:date', [DayInfoController, 'update'])
        router.delete('/api/projects/:id/day-info/:date', [DayInfoController, 'destroy'])

        router.get('/api/notes', [DayNotesController, 'index'])
        router.put('/api/notes', [DayNotesController, 'update'])
        router.delete('/api/notes/:id', [DayNotesController, 'destroy'])

        router.get('/api/conflicts-data', [ConflictsController, 'index'])
        router.get('/api/conflict-resolutions', [ConflictResolutionsController, 'index'])
        router.post('/api/conflict-resolutions', [ConflictResolutionsController, 'store'])
        router.delete('/api/conflict-resolutions/:id', [ConflictResolutionsController, 'destroy'])

        router.get('/api/calendar/people', [PeopleCalendarController, 'index'])
      })
      .where('id', databaseIdParam())
      .where('assignmentId', databaseIdParam())
      .where('date', /^\d{4}-\d{2}-\d{2}$/)
      .use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
