/*
 * Projects, their rosters, day notes, day info, conflicts and the people calendar (spec 3, section 4, "Signed-in resource routes": /api/projects, /api/notes, /api/conflicts-data, /api/conflict-resolutions, /api/calendar/people).
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

router
  .group(() => {
    router.group(() => {}).use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
