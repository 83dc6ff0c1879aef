/*
 * Availability messaging (spec 3, "Availability messaging by SMS … and
 * email"; messages, message_recipients, message_templates): compose and
 * track for anyone signed in, saved groups kept by anyone signed in,
 * templates changed by admins, Twilio's two webhooks and Resend's mail
 * events (public, signature verified, outside the session and CSRF layers:
 * the providers hold no session) and the recipients' answer page.
 */
import router from '@adonisjs/core/services/router'
import { databaseIdParam } from '#validators/shared/ids'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'

const MessagesController = () => import('#controllers/schedule/messaging/messages_controller')
const MessageTemplatesController = () =>
  import('#controllers/schedule/messaging/message_templates_controller')
const TwilioWebhooksController = () =>
  import('#controllers/schedule/messaging/twilio_webhooks_controller')
const AnswerPageController = () => import('#controllers/schedule/messaging/answer_page_controller')
const MessagesPageController = () =>
  import('#controllers/schedule/messaging/messages_page_controller')
const MessageGroupsController = () =>
  import('#controllers/schedule/messaging/message_groups_controller')
const MailEventsController = () => import('#controllers/schedule/messaging/mail_events_controller')

/* Tokens are unguessable; this only keeps one address from hammering the lookups. */
const answerLimit = limiter.define('schedule_answers', (ctx) =>
  limiter.allowRequests(60).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
)

router.post('/api/messaging/twilio/status', [TwilioWebhooksController, 'status'])
router.post('/api/messaging/twilio/inbound', [TwilioWebhooksController, 'inbound'])
router.post('/api/messaging/email/events', [MailEventsController, 'store'])

router
  .group(() => {
    router.get('/answer/:token', [AnswerPageController, 'show']).use(answerLimit)
    router.post('/answer/:token', [AnswerPageController, 'store']).use(answerLimit)

    router
      .group(() => {
        router.get('/messages', [MessagesPageController, 'index'])
        router.get('/messages/templates', [MessagesPageController, 'templates'])
        router.get('/messages/groups', [MessagesPageController, 'groups'])
        router.get('/messages/:id', [MessagesPageController, 'show']).where('id', databaseIdParam())
      })
      .use(middleware.schedulePage())

    router
      .group(() => {
        router.get('/api/messaging/status', [MessagesController, 'channels'])
        router.get('/api/messages', [MessagesController, 'index'])
        router.post('/api/messages', [MessagesController, 'store'])
        router.post('/api/messages/preview', [MessagesController, 'preview'])
        router.get('/api/messages/:id', [MessagesController, 'show']).where('id', databaseIdParam())
        router
          .post('/api/messages/:id/recipients/:recipientId/resend', [MessagesController, 'resend'])
          .where('id', databaseIdParam())
          .where('recipientId', databaseIdParam())
        router.get('/api/message-templates', [MessageTemplatesController, 'index'])
        router.get('/api/message-groups', [MessageGroupsController, 'index'])
        router.post('/api/message-groups', [MessageGroupsController, 'store'])
        router
          .patch('/api/message-groups/:id', [MessageGroupsController, 'update'])
          .where('id', databaseIdParam())
        router
          .delete('/api/message-groups/:id', [MessageGroupsController, 'destroy'])
          .where('id', databaseIdParam())
      })
      .use(middleware.scheduleAuth())

    router
      .group(() => {
        router.post('/api/message-templates', [MessageTemplatesController, 'store'])
        router
          .patch('/api/message-templates/:id', [MessageTemplatesController, 'update'])
          .where('id', databaseIdParam())
        router
          .delete('/api/message-templates/:id', [MessageTemplatesController, 'destroy'])
          .where('id', databaseIdParam())
      })
      .use(middleware.scheduleAdmin())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
