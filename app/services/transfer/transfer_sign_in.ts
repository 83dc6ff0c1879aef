import { RelyingPartySignIn } from '#services/shared/relying_party/relying_party_sign_in'
import type { SsoUser } from '#services/shared/relying_party/sso_client'
import { TransferUsers } from '#services/transfer/transfer_users'

/** What the exchange stores in the session and answers with. */
export type TransferSessionUser = {
  userId: string
  email: string
  displayName: string
  avatar: string | null
  role: 'staff' | 'admin'
}

/**
 * transfer's sign-in (spec 2, sections 4 and 5): only emails present in
 * `users` get in; the first sign-in stores the sso user id, and the display
 * name follows sso.
 */
export class TransferSignIn extends RelyingPartySignIn<TransferSessionUser> {
  protected landingPath = '/admin'
  protected deniedRedirect = '/?error=no_access'
  protected users = new TransferUsers()

  protected async admit(ssoUser: SsoUser) {
    const user = await this.users.findByEmail(ssoUser.email)
    if (!user) {
      return null
    }
    if (!user.ssoUserId) {
      user.ssoUserId = String(ssoUser.userId)
    }
    if (ssoUser.displayName && user.displayName !== ssoUser.displayName) {
      user.displayName = ssoUser.displayName
    }
    await user.save()
    return {
      userId: user.id,
      email: user.email,
      displayName: user.displayName,
      avatar: ssoUser.avatar,
      role: user.role,
    }
  }
}
