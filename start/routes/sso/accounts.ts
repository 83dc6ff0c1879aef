/*
 * People's own accounts: sign-in, registration, verification, reset, their
 * apps (the home page), profile, two-factor and sessions.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const SessionController = () => import('#controllers/sso/session_controller')
const TwoFactorChallengeController = () =>
  import('#controllers/sso/two_factor_challenge_controller')
const RegistrationController = () => import('#controllers/sso/registration_controller')
const PasswordResetController = () => import('#controllers/sso/password_reset_controller')
const AccountController = () => import('#controllers/sso/account_controller')
const SecurityController = () => import('#controllers/sso/security_controller')
const AppsHomeController = () => import('#controllers/sso/apps_home_controller')

router
  .group(() => {
    router
      .group(() => {
        router.get('/login', [SessionController, 'create'])
        router.post('/login', [SessionController, 'store'])
        router.get('/login/two-factor', [TwoFactorChallengeController, 'show'])
        router.post('/login/two-factor', [TwoFactorChallengeController, 'store'])
      })
      .use(middleware.ssoSignInFormTargets())
    router.post('/login/two-factor/cancel', [TwoFactorChallengeController, 'cancel'])

    router.get('/register', [RegistrationController, 'create'])
    router.post('/register', [RegistrationController, 'store'])
    router.get('/verify-email/:token', [RegistrationController, 'verify'])
    router.post('/verify-email/resend', [RegistrationController, 'resend'])

    router.get('/forgot-password', [PasswordResetController, 'create'])
    router.post('/forgot-password', [PasswordResetController, 'store'])
    router.get('/reset-password/:token', [PasswordResetController, 'edit'])
    router.post('/reset-password/:token', [PasswordResetController, 'update'])

    router.get('/confirm-email/:token', [AccountController, 'confirmEmail'])

    router
      .group(() => {
        router.get('/', [AppsHomeController, 'show'])
        router.get('/profile', [AccountController, 'show'])
        router.get('/security', [SecurityController, 'show'])

        router.patch('/api/account/profile', [AccountController, 'updateProfile'])
        router.post('/api/account/avatar', [AccountController, 'uploadAvatar'])
        router.delete('/api/account/avatar', [AccountController, 'removeAvatar'])
        router.post('/api/account/email', [AccountController, 'requestEmailChange'])

        router.post('/api/account/password', [SecurityController, 'changePassword'])
        router.post('/api/account/totp', [SecurityController, 'beginTotp'])
        router.post('/api/account/totp/confirm', [SecurityController, 'confirmTotp'])
        router.post('/api/account/totp/disable', [SecurityController, 'disableTotp'])
        router.post('/api/account/totp/recovery-codes', [
          SecurityController,
          'regenerateRecoveryCodes',
        ])
        router.get('/api/account/sessions', [SecurityController, 'sessions'])
        router.delete('/api/account/sessions/:handle', [SecurityController, 'endSession'])
        router.get('/api/account/activity', [SecurityController, 'activity'])
      })
      .use(middleware.ssoAuth())
  })
  .use(stateful())
