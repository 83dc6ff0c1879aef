import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type ProviderContext } from 'oidc-provider'
import env from '#start/env'
import { Secret } from '@adonisjs/core/helpers'

/** A person known to the test identity provider. */
export interface ProviderAccount {
  sub: string
  email: string
  emailVerified: boolean
  name?: string
}

export interface TestOidcProviderOptions {
  /** sso's callback URL(s) registered for the static client. */
  redirectUris: string[]
  /** Put email and name in the id_token itself (by default only userinfo has them). */
  claimsInIdToken?: boolean
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

async function readForm(request: IncomingMessage) {
  let body = ''
  for await (const chunk of request) {
    body += chunk
  }
  return new URLSearchParams(body)
}

/**
 * A real OpenID Connect provider (panva's oidc-provider, the certified
 * implementation) on a loopback port, with one confidential client for sso and
 * a plain login page at /interaction/:uid. The page has an Email field, a
 * "Sign in" button (POST …/login) and a "Cancel" button (POST …/abort, which
 * answers access_denied), so a browser or a plain HTTP client can drive it.
 * Consent is implied for the client, as it is for a company's own apps.
 */
export class TestOidcProvider {
  readonly clientId = `sso-${randomBytes(4).toString('hex')}`
  readonly clientSecret = randomBytes(24).toString('base64url')
  #accounts = new Map<string, ProviderAccount>()
  #server: Server | null = null
  #issuer = ''

  constructor(readonly options: TestOidcProviderOptions) {}

  get issuer() {
    return this.#issuer
  }

  /** Adds (or replaces, by sub) a person who can log in here. */
  addAccount(account: ProviderAccount) {
    this.#accounts.set(account.sub, account)
    return account
  }

  clearAccounts() {
    this.#accounts.clear()
  }

  /** The environment that points sso's generic OIDC provider at this one. */
  env(displayName = 'Test IdP') {
    return {
      OIDC_ISSUER: this.#issuer,
      OIDC_CLIENT_ID: this.clientId,
      OIDC_CLIENT_SECRET: this.clientSecret,
      OIDC_DISPLAY_NAME: displayName,
    }
  }

  async start(host = '127.0.0.1') {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, host, resolve))
    this.#issuer = `http://${host}:${(server.address() as AddressInfo).port}`

    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    const signingKey = {
      ...(await exportJWK(privateKey)),
      kid: 'test-key',
      alg: 'RS256',
      use: 'sig',
    }

    const provider = new Provider(this.#issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: this.options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name'],
      },
      conformIdTokenClaims: !this.options.claimsInIdToken,
      // sso must use PKCE; the provider refuses any request without it.
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
        Grant: 600,
      },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = this.#accounts.get(sub)
        return (
          account && {
            accountId: sub,
            claims: () => ({
              sub,
              email: account.email,
              email_verified: account.emailVerified,
              name: account.name,
            }),
          }
        )
      },
      loadExistingGrant: async (ctx: ProviderContext) => {
        const { oidc } = ctx
        const grantId =
          oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId)
        if (grantId) {
          return oidc.provider.Grant.find(grantId)
        }
        const accountId = oidc.session?.accountId
        if (!accountId) {
          return undefined
        }
        const grant = new oidc.provider.Grant({ accountId, clientId: oidc.client!.clientId })
        grant.addOIDCScope(String(oidc.params?.scope ?? 'openid'))
        await grant.save()
        return grant
      },
    })
    provider.use((ctx, next) => this.#interactions(provider, ctx, next))
    server.on('request', provider.callback())
    this.#server = server
  }

  async stop() {
    const server = this.#server
    this.#server = null
    if (server) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }

  async #interactions(provider: Provider, ctx: ProviderContext, next: () => Promise<void>) {
    const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(ctx.path)
    if (!match) {
      return next()
    }
    const [, uid, action] = match
    const details = await provider.interactionDetails(ctx.req, ctx.res)
    if (details.uid !== uid) {
      ctx.status = 400
      return
    }
    if (ctx.method === 'GET' && !action) {
      ctx.type = 'html'
      ctx.body = this.#loginPage(uid)
      return
    }
    if (ctx.method !== 'POST' || !action) {
      ctx.status = 405
      return
    }
    if (action === '/abort') {
      const returnTo = await provider.interactionResult(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
        { mergeWithLastSubmission: false }
      )
      ctx.redirect(returnTo)
      ctx.status = 303
      return
    }
    const form = await readForm(ctx.req)
    const email = form.get('email')?.trim().toLowerCase()
    const account = [...this.#accounts.values()].find((one) => one.email.toLowerCase() === email)
    if (!account) {
      ctx.type = 'html'
      ctx.body = this.#loginPage(uid, 'No such account at this provider.')
      return
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, {
      login: { accountId: account.sub },
    })
    ctx.redirect(returnTo)
    ctx.status = 303
  }

  #loginPage(uid: string, error?: string) {
    const action = `/interaction/${escapeHtml(uid)}`
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test IdP</title></head>
<body>
  <h1>Test IdP sign-in</h1>
  ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${action}/login">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required>
    <button type="submit">Sign in</button>
  </form>
  <form method="post" action="${action}/abort">
    <button type="submit">Cancel</button>
  </form>
</body></html>`
  }
}

/**
 * Points this process's sso at an issuer for the duration of a test group.
 * Returns the function that puts the previous values back.
 */
export function useOidcEnv(values: ReturnType<TestOidcProvider['env']>) {
  const previous = {
    OIDC_ISSUER: env.get('OIDC_ISSUER'),
    OIDC_CLIENT_ID: env.get('OIDC_CLIENT_ID'),
    OIDC_CLIENT_SECRET: env.get('OIDC_CLIENT_SECRET'),
    OIDC_DISPLAY_NAME: env.get('OIDC_DISPLAY_NAME'),
  }
  env.set('OIDC_ISSUER', values.OIDC_ISSUER)
  env.set('OIDC_CLIENT_ID', values.OIDC_CLIENT_ID)
  env.set('OIDC_CLIENT_SECRET', new Secret(values.OIDC_CLIENT_SECRET))
  env.set('OIDC_DISPLAY_NAME', values.OIDC_DISPLAY_NAME)
  return () => {
    env.set('OIDC_ISSUER', previous.OIDC_ISSUER)
    env.set('OIDC_CLIENT_ID', previous.OIDC_CLIENT_ID)
    env.set('OIDC_CLIENT_SECRET', previous.OIDC_CLIENT_SECRET)
    env.set('OIDC_DISPLAY_NAME', previous.OIDC_DISPLAY_NAME)
    for (const [key, value] of Object.entries(previous)) {
      // Env.set(undefined) leaves the text "undefined" in process.env.
      if (value === undefined) {
        delete process.env[key]
      }
    }
  }
}

/**
 * A browser's part of an HTTP exchange, without a browser: a cookie jar per
 * host and redirects followed by hand, so a test can stop at any hop.
 */
export class BrowserAgent {
  #jar = new Map<string, Map<string, string>>()

  cookies(url: string | URL) {
    return this.#jar.get(new URL(url).hostname) ?? new Map<string, string>()
  }

  async request(
    url: string | URL,
    options: {
      method?: 'GET' | 'POST'
      form?: Record<string, string>
      headers?: Record<string, string>
    } = {}
  ) {
    const target = new URL(url)
    const cookie = [...this.cookies(target)].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(target, {
      method: options.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      body: options.form ? new URLSearchParams(options.form).toString() : undefined,
    })
    this.#store(target, response.headers.getSetCookie())
    return response
  }

  /**
   * Requests `url` and follows redirects. Stops at the first answer that is
   * not a redirect, or (without requesting it) at the first location that
   * `stopBefore` picks.
   */
  async follow(
    url: string | URL,
    options: {
      method?: 'GET' | 'POST'
      form?: Record<string, string>
      stopBefore?: (url: URL) => boolean
    } = {}
  ): Promise<{ url: URL; response: Response | null; visited: URL[] }> {
    let current = new URL(url)
    let request: { method?: 'GET' | 'POST'; form?: Record<string, string> } = options
    const visited: URL[] = []
    for (let hop = 0; hop < 20; hop++) {
      visited.push(current)
      const response = await this.request(current, request)
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, response, visited }
      }
      await response.arrayBuffer()
      current = new URL(location, current)
      request = {}
      if (options.stopBefore?.(current)) {
        return { url: current, response: null, visited }
      }
    }
    throw new Error(`too many redirects from ${url}`)
  }

  #store(url: URL, setCookies: string[]) {
    const cookies = this.#jar.get(url.hostname) ?? new Map<string, string>()
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key, attributeValue = ''] = attribute.trim().split('=')
        const lower = key.toLowerCase()
        return (
          (lower === 'max-age' && Number(attributeValue) <= 0) ||
          (lower === 'expires' && Date.parse(attributeValue) <= Date.now())
        )
      })
      if (expired || value === '') {
        cookies.delete(name)
      } else {
        cookies.set(name, value)
      }
    }
    this.#jar.set(url.hostname, cookies)
  }
}
