import { defineConfig } from '@adonisjs/inertia'

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  ssr: { enabled: false, entrypoint: '' },
})

export default inertiaConfig

import type { ScheduleSessionUser } from '#services/schedule/schedule_session'
import type { ProfileView } from '#controllers/sso/account_controller'
import type { SessionDevice } from '#services/sso/account_sessions'
import type { TotpEnrolment } from '#services/sso/totp_service'
import type { ExternalProvider } from '#services/sso/external_providers'

/** A row of a person's sessions list (see AccountSessions.list). */
export type SessionRow = Omit<SessionDevice, 'signedInAt'> & {
  handle: string
  current: boolean
  signedInAt: string | null
}

export type TwoFactorState = {
  enabled: boolean
  enabledAt: string | null
  remainingRecoveryCodes: number
  pendingEnrolment: TotpEnrolment | null
}

export type ActivityRow = {
  id: number
  event: string
  at: string | null
  ip: string | null
  userAgent: string | null
  byAdmin: boolean
}

/* The pages of the three apps and their props; each app renders only its own. */
declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'sso/sign_in': {
      providers: ExternalProvider[]
      appName: string | null
      unverifiedEmail: string | null
      throttled: string | null
    }
    'sso/two_factor': { throttled: string | null }
    'sso/register': { throttled: string | null }
    'sso/forgot_password': { throttled: string | null }
    'sso/reset_password': { token: string }
    'sso/authorize_error': { message: string }
    'sso/account': { profile: ProfileView }
    'sso/security': {
      isAdmin: boolean
      twoFactor: TwoFactorState
      sessions: SessionRow[]
      activity: ActivityRow[]
    }
    'schedule/home': { user: ScheduleSessionUser | null; signInError: string | null }
  }
}
