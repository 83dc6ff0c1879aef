/*
 * Server-to-server token endpoints, the embeddable widget and the integration guide.
 */
import router from '@adonisjs/core/services/router'

const ValidateTokenController = () => import('#controllers/sso/validate_token_controller')

router.post('/api/apps/validate-token', [ValidateTokenController, 'handle'])
