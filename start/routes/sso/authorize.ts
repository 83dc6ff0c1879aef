/*
 * The sign-in flow of connected apps (spec 1, section 4): /authorize and /logout.
 */
import router from '@adonisjs/core/services/router'
import { stateful } from '#start/kernel'

const AuthorizeController = () => import('#controllers/sso/authorize_controller')
const SessionController = () => import('#controllers/sso/session_controller')

router
  .group(() => {
    router.get('/authorize', [AuthorizeController, 'show'])
    router.get('/logout', [SessionController, 'destroy'])
    router.post('/logout', [SessionController, 'destroy']).as('session.destroy_form')
  })
  .use(stateful())
