/*
 * Server-to-server token endpoints, the embeddable widget and the integration
 * guide. None of these routes keeps a session: the validation and embed-token
 * endpoints are called by relying apps' servers, and the widget runs in a
 * third-party frame that never gets sso's cookie, so it authenticates with
 * its embed token instead.
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'

const ValidateTokenController = () => import('#controllers/sso/validate_token_controller')
const SessionStatusController = () => import('#controllers/sso/session_status_controller')
const JwksController = () => import('#controllers/sso/jwks_controller')
const EmbedTokensController = () => import('#controllers/sso/embed_tokens_controller')
const EmbedWidgetController = () => import('#controllers/sso/embed_widget_controller')
const EmbedAccountController = () => import('#controllers/sso/embed_account_controller')
const IntegrationGuideController = () => import('#controllers/sso/integration_guide_controller')

/*
 * A relying app's server asks for one embed token each time a person opens
 * the widget, all from the same IP, so the limit is generous; it caps abuse
 * of the secretKey check, not normal use.
 */
const embedTokenLimit = limiter.define('embed_token', (ctx) =>
  limiter.allowRequests(120).every('1 minute').usingKey(`embed_token:ip:${ctx.request.ip()}`)
)

/* The widget's password form checks the current password: as tight as sign-in. */
const embedPasswordLimit = limiter.define('embed_password', (ctx) =>
  limiter.allowRequests(10).every('15 minutes').usingKey(`embed_password:ip:${ctx.request.ip()}`)
)

router.post('/api/apps/validate-token', [ValidateTokenController, 'handle'])
/* Not in spec 1: the relying apps' re-check of a session against sso (session_status.ts). */
router.post('/api/apps/session-status', [SessionStatusController, 'show'])
router.get('/.well-known/jwks.json', [JwksController, 'show'])

router.post('/api/embed/token', [EmbedTokensController, 'store']).use(embedTokenLimit)
router.get('/embed', [EmbedWidgetController, 'show'])
router.get('/api/embed/profile', [EmbedAccountController, 'show'])
router.patch('/api/embed/profile', [EmbedAccountController, 'update'])
router
  .post('/api/embed/password', [EmbedAccountController, 'changePassword'])
  .use(embedPasswordLimit)

router.get('/api/integration-guide', [IntegrationGuideController, 'show'])
