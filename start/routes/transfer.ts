/*
 * transfer: the file-transfer app (spec 2). Routes are split by area; each
 * file says which part of the spec it builds.
 */
import router from '@adonisjs/core/services/router'
import './transfer/auth.js'
import './transfer/uploads.js'
import './transfer/shares.js'
import './transfer/admin.js'
import './transfer/theme.js'

/* Probes for load balancers, systemd and orchestrators: no session, no sign-in. */
const HealthController = () => import('#controllers/shared/health_controller')
router.get('/healthz', [HealthController, 'live'])
router.get('/readyz', [HealthController, 'ready'])
