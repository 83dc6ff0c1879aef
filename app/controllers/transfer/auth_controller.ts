import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { Session } from '@adonisjs/session'
import { RelyingPartyAuthController } from '#controllers/shared/relying_party_auth_controller'
import { SsoClient } from '#services/shared/relying_party/sso_client'
import { TransferSignIn, type TransferSessionUser } from '#services/transfer/transfer_sign_in'
import { transferSession } from '#services/transfer/transfer_session'
import { TransferUsers } from '#services/transfer/transfer_users'

/** Sign-in endpoints of spec 2, section 4. */
@inject()
export default class AuthController extends RelyingPartyAuthController<TransferSessionUser> {
  constructor(
    signIn: TransferSignIn,
    sso: SsoClient,
    protected users: TransferUsers
  ) {
    super(signIn, sso)
  }

  /** The request's protocol and host, as the spec says. */
  protected origin(request: HttpContext['request']) {
    return `${request.protocol()}://${request.host()}`
  }

  protected startSession(session: Session, user: TransferSessionUser) {
    transferSession.start(session, user)
  }

  protected signedInBody(user: TransferSessionUser) {
    return {
      userId: user.userId,
      email: user.email,
      displayName: user.displayName,
      avatar: user.avatar,
      role: user.role,
    }
  }

  /** A person removed since signing in has no session any more (TransferUsers.signedIn). */
  async me({ session, response }: HttpContext) {
    this.noStore(response)
    await this.users.signedIn(session)
    const user = transferSession.user(session)
    if (!user) {
      return response.status(401).send(this.errorBody('Authentication required'))
    }
    return user
  }

  async logout(ctx: HttpContext) {
    return { redirectUrl: this.signOut(ctx) }
  }
}
