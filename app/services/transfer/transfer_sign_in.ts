import { inject } from '@adonisjs/core'
import { PendingAuthCodes } from '#services/shared/relying_party/pending_auth_codes'
import { SsoClient } from '#services/shared/relying_party/sso_client'
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
 * transfer's side of the sign-in (spec 2, section 4): the callback turns a
 * valid identity token of a known user into a one-time code; the exchange
 * turns the code into a session.
 */
@inject()
export class TransferSignIn {
  constructor(
    protected sso: SsoClient,
    protected codes: PendingAuthCodes,
    protected users: TransferUsers
  ) {}

  /** Where the callback sends the browser. Never sets session data. */
  async callback(token: string | undefined): Promise<string> {
    if (!token) {
      return '/?auth_error=missing_token'
    }
    const answer = await this.sso.validateToken(token)
    if (!answer.valid) {
      return '/?auth_error=invalid_token'
    }
    const user = await this.users.findByEmail(answer.user.email)
    if (!user) {
      return '/?error=no_access'
    }
    if (!user.ssoUserId) {
      user.ssoUserId = String(answer.user.userId)
    }
    if (answer.user.displayName && user.displayName !== answer.user.displayName) {
      user.displayName = answer.user.displayName
    }
    await user.save()

    const sessionUser: TransferSessionUser = {
      userId: user.id,
      email: user.email,
      displayName: user.displayName,
      avatar: answer.user.avatar,
      role: user.role,
    }
    const code = await this.codes.issue({ ...sessionUser })
    return `/admin?auth_code=${code}`
  }

  exchange(code: string) {
    return this.codes.consume<TransferSessionUser>(code)
  }
}
