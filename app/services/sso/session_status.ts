import { findPersonForApp } from '#services/sso/token_validation_service'
import { sessionTickets } from '#services/sso/session_tickets'

export type SessionStatus =
  | { status: 200; body: { active: true } | { active: false; reason: string } }
  | { status: 401; body: { message: string } }

/**
 * POST /api/apps/session-status: whether a relying app's session, made from
 * the sign-in its session ticket names, may go on. It may not once the
 * person is gone or disabled, the app is disabled, or the person's sessions
 * were ended after that sign-in (disabled, "end sessions", a password change
 * or reset). The relying apps ask at most once a minute per session, so a
 * person sso puts out is out of every app within that minute.
 */
export class SessionStatusService {
  async status(apiKey: string, ticket: string): Promise<SessionStatus> {
    const signIn = sessionTickets.read(ticket, apiKey)
    if (!signIn) {
      return { status: 401, body: { message: 'Invalid session ticket' } }
    }
    const { user, appEnabled } = await findPersonForApp(signIn.userId, apiKey)
    const inactive = (reason: string) => ({
      status: 200 as const,
      body: { active: false as const, reason },
    })
    if (!user) {
      return inactive('Unknown person')
    }
    if (!appEnabled) {
      return inactive('Unknown or disabled application')
    }
    if (user.isDisabled) {
      return inactive('Account disabled')
    }
    const validAfter = user.sessionsValidAfter?.toMillis()
    if (validAfter !== undefined && signIn.issuedAt.getTime() <= validAfter) {
      return inactive('Sessions ended')
    }
    return { status: 200, body: { active: true } }
  }
}
