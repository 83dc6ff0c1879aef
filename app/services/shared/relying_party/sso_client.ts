/**
 * The relying-party half of sso's sign-in contract (spec 1, section 5): the
 * authorize URL, token validation over HTTP and the logout URL. transfer and
 * schedule both use it.
 */

/** The user object sso returns from token validation (spec 1, section 2). */
export interface SsoUser {
  userId: number
  id: number
  email: string
  username: string
  name: string
  displayName: string
  picture: string | null
  avatar: string | null
}

export type TokenValidation = { valid: true; user: SsoUser } | { valid: false; message: string }

/** Whether the sign-in a session ticket names still holds at sso. */
export type SessionStatus = { active: true } | { active: false; reason: string }

/**
 * What sso makes of this app's sign-in request (`node ace doctor`): it would
 * sign people in, or it refuses the apiKey (unknown or disabled app), or it
 * refuses the return address (not among the app's redirect URIs).
 */
export type SignInRequestAnswer = 'accepted' | 'api_key_refused' | 'redirect_uri_refused'

export class SsoUnavailableError extends Error {}

export class SsoClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
    private readonly timeoutMs = 10_000
  ) {}

  /** Always with the app's own `state`: one that sso makes up could not be checked. */
  authorizeUrl(redirectUri: string, state: string) {
    const url = new URL('/authorize', this.baseUrl)
    url.searchParams.set('client_id', this.apiKey)
    url.searchParams.set('redirect_uri', redirectUri)
    url.searchParams.set('state', state)
    return url.toString()
  }

  logoutUrl(appRoot: string) {
    const url = new URL('/logout', this.baseUrl)
    url.searchParams.set('redirect_to', appRoot)
    return url.toString()
  }

  /**
   * Asks sso whether `token` is a valid identity token for our apiKey. A 401 is
   * an answer (invalid); anything else unexpected throws SsoUnavailableError so
   * that callers can tell a rejected token from a broken service.
   */
  async validateToken(token: string): Promise<TokenValidation> {
    let response: Response
    try {
      response = await fetch(new URL('/api/apps/validate-token', this.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept': 'application/json' },
        body: JSON.stringify({ token, apiKey: this.apiKey }),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      throw new SsoUnavailableError('sso could not be reached', { cause: error })
    }

    if (response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { message?: string }
      return { valid: false, message: body.message ?? 'Invalid token' }
    }
    if (!response.ok) {
      throw new SsoUnavailableError(`sso answered ${response.status} to token validation`)
    }
    const body = (await response.json()) as { valid?: boolean; user?: SsoUser; message?: string }
    if (body.valid !== true || !body.user || typeof body.user.email !== 'string') {
      return { valid: false, message: body.message ?? 'Invalid token' }
    }
    return { valid: true, user: body.user }
  }

  /**
   * Asks sso whether the sign-in behind a session (its ticket) still holds.
   * A 401 means sso does not know the ticket (its key changed): the sign-in
   * is over. Anything else unexpected throws SsoUnavailableError.
   */
  async sessionStatus(ticket: string): Promise<SessionStatus> {
    let response: Response
    try {
      response = await fetch(new URL('/api/apps/session-status', this.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept': 'application/json' },
        body: JSON.stringify({ apiKey: this.apiKey, ticket }),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      throw new SsoUnavailableError('sso could not be reached', { cause: error })
    }
    if (response.status === 401) {
      return { active: false, reason: 'Invalid session ticket' }
    }
    const body = (await response.json().catch(() => null)) as {
      active?: unknown
      reason?: unknown
    } | null
    if (!response.ok || typeof body?.active !== 'boolean') {
      throw new SsoUnavailableError(`sso answered ${response.status} to a session status request`)
    }
    return body.active
      ? { active: true }
      : { active: false, reason: typeof body.reason === 'string' ? body.reason : 'Inactive' }
  }

  /**
   * Sends the sign-in request a browser would (GET /authorize with this
   * apiKey and return address) without following it: sso sends a stranger
   * to its sign-in page when it knows the app, and answers 400 when it does
   * not. No other endpoint tells a relying app whether its apiKey is good
   * without a person's token. sso says which part it refused only in the
   * page's words, so the return address is told apart by them.
   */
  async signInRequestAnswer(redirectUri: string): Promise<SignInRequestAnswer> {
    let response: Response
    try {
      response = await fetch(this.authorizeUrl(redirectUri, 'doctor'), {
        redirect: 'manual',
        headers: { accept: 'text/html' },
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      throw new SsoUnavailableError('sso could not be reached', { cause: error })
    }
    const body = await response.text().catch(() => '')
    if (response.status >= 300 && response.status < 400) {
      return 'accepted'
    }
    if (response.status === 400) {
      return /return address/i.test(body) ? 'redirect_uri_refused' : 'api_key_refused'
    }
    throw new SsoUnavailableError(`sso answered ${response.status} to a sign-in request`)
  }
}
