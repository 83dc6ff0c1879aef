/*
 * schedule: the crew and project scheduling app (spec 3). Routes are split by
 * area; each file says which part of the spec it builds. Every group runs the
 * session, CSRF and the development bypass (stateful() + scheduleDevBypass).
 */
import router from '@adonisjs/core/services/router'
import './schedule/auth.js'
import './schedule/admin.js'
import './schedule/backup.js'
import './schedule/resources.js'
import './schedule/projects.js'
import './schedule/production.js'
import './schedule/trash_and_shares.js'
import './schedule/exports.js'
import './schedule/places.js'
import './schedule/location_photos.js'
import './schedule/feeds_and_feedback.js'
import './schedule/messaging.js'
import './schedule/pages.js'

/* Probes for load balancers, systemd and orchestrators: no session, no sign-in. */
const HealthController = () => import('#controllers/shared/health_controller')
router.get('/healthz', [HealthController, 'live'])
router.get('/readyz', [HealthController, 'ready'])
