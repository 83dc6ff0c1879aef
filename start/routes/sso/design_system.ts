/*
 * The design system's gallery (development and tests; 404 in production unless
 * DESIGN_SYSTEM_GALLERY=true).
 */
import router from '@adonisjs/core/services/router'

const DesignSystemController = () => import('#controllers/sso/design_system_controller')

router.get('/design-system', [DesignSystemController, 'show'])
