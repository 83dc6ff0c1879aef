/*
 * Personal calendar feeds (beyond spec 3: /ical/<token>.ics and their
 * management under /api/calendar-feeds) and in-app feedback (spec 3,
 * section 4, "Feedback and trash": /api/feedback), with the admins'
 * Feedback page and a taskboard card's screenshot link.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'
import { FEEDBACK_RATE_LIMIT } from '#services/schedule/feedback/feedback_inbox'

const IcalFeedController = () => import('#controllers/schedule/feeds/ical_feed_controller')
const CalendarFeedsController = () =>
  import('#controllers/schedule/feeds/calendar_feeds_controller')
const FeedbackController = () => import('#controllers/schedule/feedback/feedback_controller')
const ScreenshotLinkController = () =>
  import('#controllers/schedule/feedback/screenshot_link_controller')
const FeedbackPageController = () =>
  import('#controllers/schedule/feedback/feedback_page_controller')

/* Each feedback may become a taskboard card: a limit per person keeps a stuck key from flooding it. */
const feedbackLimit = limiter.define('schedule_feedback', (ctx) =>
  limiter
    .allowRequests(FEEDBACK_RATE_LIMIT.requests)
    .every(FEEDBACK_RATE_LIMIT.window)
    .usingKey(`user_${ctx.scheduleUser.id}`)
)

// Calendar apps and taskboards hold no session: the token is the key.
router.get('/ical/:file', [IcalFeedController, 'show'])
router.get('/feedback-screenshots/:token', [ScreenshotLinkController, 'show'])

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/calendar-feeds', [CalendarFeedsController, 'show'])
        router.post('/api/calendar-feeds', [CalendarFeedsController, 'store'])
        router
          .delete('/api/calendar-feeds/:id', [CalendarFeedsController, 'destroy'])
          .where('id', databaseIdParam())
        router.post('/api/feedback', [FeedbackController, 'store']).use(feedbackLimit)
      })
      .use(middleware.scheduleAuth())

    router
      .group(() => {
        router.get('/api/feedback', [FeedbackController, 'index'])
        router
          .patch('/api/feedback/:id', [FeedbackController, 'update'])
          .where('id', databaseIdParam())
        router
          .delete('/api/feedback/:id', [FeedbackController, 'destroy'])
          .where('id', databaseIdParam())
        router
          .get('/api/feedback/:id/screenshot', [FeedbackController, 'screenshot'])
          .where('id', databaseIdParam())
      })
      .use(middleware.scheduleAdmin())

    router.get('/admin/feedback', [FeedbackPageController, 'show']).use(middleware.schedulePage())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
