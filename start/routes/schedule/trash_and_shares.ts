/*
 * The trash (spec 3, sections 3 and 4, "Feedback and trash") and public share links (/api/share, and the public GET /api/share/:token).
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

router
  .group(() => {
    router.group(() => {}).use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
