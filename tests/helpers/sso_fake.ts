import { randomBytes } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Group } from '@japa/runner/core'
import { SsoClient, type SsoUser } from '#services/shared/relying_party/sso_client'

export const TEST_API_KEY = 'ak_test_relying_app'

/**
 * A stand-in for sso's validation endpoint on a loopback port, speaking the
 * HTTP contract of spec 1 (POST /api/apps/validate-token), and sso's
 * POST /api/apps/session-status. The relying app's real SsoClient talks to
 * it over HTTP. The end-to-end browser test uses the
 * real sso instead.
 */
export class SsoFake {
  #server: Server
  #tokens = new Map<string, SsoUser>()
  #nextStatus: number | null = null
  #sessionStatus: 'active' | number = 'active'
  /** The return addresses GET /authorize accepts; null: any. */
  #redirectUris: string[] | null = null
  url = ''

  constructor() {
    this.#server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const reply = (status: number, payload: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(payload))
        }
        if (request.url?.startsWith('/authorize?') && request.method === 'GET') {
          return this.#authorize(new URL(request.url, this.url).searchParams, response)
        }
        if (request.url === '/api/apps/session-status' && request.method === 'POST') {
          return this.#sessionStatus === 'active'
            ? reply(200, { active: true })
            : reply(this.#sessionStatus, { message: 'Service unavailable' })
        }
        if (request.url !== '/api/apps/validate-token' || request.method !== 'POST') {
          return reply(404, { message: 'Not found' })
        }
        if (this.#nextStatus !== null) {
          const status = this.#nextStatus
          this.#nextStatus = null
          return reply(status, { message: 'Internal server error' })
        }
        const { token, apiKey } = JSON.parse(body || '{}')
        const user = this.#tokens.get(token)
        if (apiKey !== TEST_API_KEY || !user) {
          return reply(401, { valid: false, message: 'Invalid token' })
        }
        reply(200, { valid: true, user })
      })
    })
  }

  /**
   * sso's GET /authorize for a browser without a session: its sign-in page
   * (a redirect) for our apiKey and a registered return address, else its
   * error page (400) in sso's words.
   */
  #authorize(query: URLSearchParams, response: ServerResponse) {
    const refuse = (message: string) => {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      response.end(`<!DOCTYPE html><html><body><main><p>${message}</p></main></body></html>`)
    }
    const redirectUri = query.get('redirect_uri')
    if (!query.get('client_id') || !redirectUri) {
      return refuse('The sign-in request is missing its client_id or redirect_uri.')
    }
    if (query.get('client_id') !== TEST_API_KEY) {
      return refuse('This application is not registered with the sign-in service.')
    }
    if (this.#redirectUris && !this.#redirectUris.includes(redirectUri)) {
      return refuse('The return address of this application is not registered.')
    }
    response.writeHead(302, { location: '/login' }).end()
  }

  /** The return addresses sso has for the app from now on (null: any). */
  registerRedirectUris(uris: string[] | null) {
    this.#redirectUris = uris
  }

  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve))
    const address = this.#server.address()
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    app.container.swap(SsoClient, () => new SsoClient(this.url, TEST_API_KEY))
    return this
  }

  async stop() {
    app.container.restore(SsoClient)
    await new Promise((resolve) => this.#server.close(resolve))
  }

  /**
   * A token sso would accept for this person, shaped as sso's are: a JWT
   * whose claims name the sign-in's `state` and a fresh `jti` (the fake does
   * not sign it: the relying app leaves signatures to validate-token).
   */
  tokenFor(user: Partial<SsoUser> & { email: string; userId: number }, state: string) {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const token = [
      part({ alg: 'none', typ: 'JWT' }),
      part({
        sub: String(user.userId),
        jti: randomBytes(16).toString('hex'),
        state,
        session_ticket: randomBytes(16).toString('hex'),
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
      randomBytes(16).toString('base64url'),
    ].join('.')
    const name = user.displayName ?? user.email.split('@')[0]
    this.#tokens.set(token, {
      id: user.userId,
      username: user.email,
      name,
      displayName: name,
      picture: user.avatar ?? null,
      avatar: null,
      ...user,
    })
    return token
  }

  /**
   * How POST /api/apps/session-status answers from now on: every sign-in
   * holds, or every request fails with this status (sso down).
   */
  answerSessionStatus(answer: 'active' | number) {
    this.#sessionStatus = answer
  }

  /** The next validation answers with this status (e.g. 500: sso broken). */
  failNextWith(status: number) {
    this.#nextStatus = status
  }
}

/**
 * Runs the group against a started stand-in for sso, each test inside its own
 * database transaction.
 */
export function withSsoFakeAndTransactions(group: Group, sso: SsoFake) {
  group.setup(async () => {
    await sso.start()
    return () => sso.stop()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}
