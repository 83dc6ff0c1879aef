/*
 * sso: the central authentication service (spec 1). One file per area.
 */
import router from '@adonisjs/core/services/router'
import '#start/routes/sso/accounts'
import '#start/routes/sso/authorize'
import '#start/routes/sso/tokens'
import '#start/routes/sso/external'
import '#start/routes/sso/admin'
import '#start/routes/sso/design_system'

/* Probes for load balancers, systemd and orchestrators: no session, no sign-in. */
const HealthController = () => import('#controllers/shared/health_controller')
router.get('/healthz', [HealthController, 'live'])
router.get('/readyz', [HealthController, 'ready'])
