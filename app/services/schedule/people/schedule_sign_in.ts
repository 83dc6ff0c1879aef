import { DateTime } from 'luxon'
import AppUser from '#models/schedule/app_user'
import { RelyingPartySignIn } from '#services/shared/relying_party/relying_party_sign_in'
import type { SsoUser } from '#services/shared/relying_party/sso_client'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import type { ScheduleSessionUser } from '#services/schedule/people/schedule_session'

/**
 * schedule's side of the sign-in (spec 3, sections 4 and 5): find the local
 * person by sso user id, then by email (auto-linking a not yet linked record),
 * follow the sso profile, and hand out a one-time code.
 */
export class ScheduleSignIn extends RelyingPartySignIn<ScheduleSessionUser> {
  protected landingPath = '/'
  protected deniedRedirect = '/?auth_error=access_denied'
  protected users = new ScheduleUsers()

  protected async admit(ssoUser: SsoUser) {
    const user = await this.#findLocalUser(ssoUser)
    if (!user) {
      return null
    }
    await this.#followProfile(user, ssoUser)
    return toSessionUser(user)
  }

  async #findLocalUser(ssoUser: SsoUser) {
    const linked = await AppUser.findBy('sso_user_id', ssoUser.userId)
    if (linked) {
      return linked
    }
    const byEmail = await this.users.findByEmail(ssoUser.email)
    if (byEmail && byEmail.ssoUserId === 0) {
      byEmail.ssoUserId = ssoUser.userId
      return byEmail
    }
    return null
  }

  async #followProfile(user: AppUser, ssoUser: SsoUser) {
    user.displayName = ssoUser.displayName || ssoUser.name || user.displayName
    user.avatarUrl = ssoUser.avatar
    user.username = ssoUser.username || user.username
    user.lastLoginAt = DateTime.now()
    await user.save()
  }
}

export function toSessionUser(user: AppUser): ScheduleSessionUser {
  return {
    userId: user.id,
    ssoUserId: user.ssoUserId,
    email: user.email,
    displayName: user.displayName,
    avatarUrl: user.avatarUrl,
    role: user.role,
  }
}
