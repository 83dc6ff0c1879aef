import { defineConfig } from '@adonisjs/inertia'

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  ssr: { enabled: false, entrypoint: '' },
})

export default inertiaConfig

import type { ScheduleSessionUser } from '#services/schedule/schedule_session'
import type { TransferSessionUser } from '#services/transfer/transfer_sign_in'
import type User from '#models/sso/user'

/* The pages of the three apps and their props; each app renders only its own. */
declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'sso/sign_in': {}
    'sso/authorize_error': { message: string }
    'sso/account': { user: ReturnType<User['toIdentity']> }
    'transfer/home': { signInError: string | null }
    'transfer/admin': { user: TransferSessionUser | null }
    'schedule/home': { user: ScheduleSessionUser | null; signInError: string | null }
  }
}
