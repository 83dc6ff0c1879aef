import { CookieAgent } from '#tests/helpers/cookie_agent'

/**
 * A browser's side of a relying app's sign-in over real HTTP (transfer and
 * schedule): /login, the return from sso to the callback, and the page's
 * code exchange, each browser with its own cookies.
 */
export class SignInBrowser extends CookieAgent {
  constructor(readonly loginPath: string) {
    super()
  }

  /**
   * Starts a sign-in as a link to the login route does; returns where the
   * browser goes next (the sso authorize URL, whether by redirect or by the
   * page a browser without a session cookie gets) and the response.
   */
  async startSignIn() {
    const response = await this.request('GET', this.loginPath)
    const location =
      response.status === 200
        ? decodeHtml(/http-equiv="refresh" content="0;url=([^"]+)"/.exec(await response.text())![1])
        : response.headers.get('location')!
    const authorizeUrl = new URL(location)
    return { response, authorizeUrl, state: authorizeUrl.searchParams.get('state')! }
  }

  /** Arrives at the callback as sso sends a browser there; returns the one-time code handed out. */
  async returnFromSso(token: string, state: string) {
    const query = new URLSearchParams({ token, state })
    const response = await this.request('GET', `/auth/callback?${query}`)
    return new URL(response.headers.get('location')!, this.baseUrl).searchParams.get('auth_code')!
  }

  /** The page's exchange of the code (no CSRF token: the route takes none). */
  exchange(code: string, headers: Record<string, string> = {}) {
    return this.jsonWith('POST', '/api/auth/exchange', { code }, headers)
  }

  async jsonWith(method: string, path: string, body: unknown, headers: Record<string, string>) {
    const response = await this.request(method, path, body, headers)
    return { status: response.status, body: (await response.json()) as any }
  }
}

/** The one entity an authorize URL picks up in an HTML attribute. */
function decodeHtml(text: string) {
  return text.replaceAll('&amp;', '&')
}
