import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import User from '#models/sso/user'
import AuditEvent from '#models/sso/audit_event'
import ExternalIdentity from '#models/sso/external_identity'
import { appUrl } from '#config/app'
import { freePort } from '#services/shared/local_stack'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { availableProviders, callbackUrlOf } from '#services/sso/external_providers'
import {
  BrowserAgent,
  TestOidcProvider,
  useOidcEnv,
  type ProviderAccount,
} from '#tests/helpers/oidc_provider'

const SSO = new URL(appUrl).origin
const APP_CALLBACK = 'http://transfer.example.test:5000/auth/callback'

/** sso's own pages are not fetched: the test stops where the callback sends the browser. */
function leavesCallback(url: URL) {
  return url.origin === SSO && !url.pathname.startsWith('/auth/')
}

/**
 * Starts at `start` on sso, lands on the provider's login page, logs in there
 * as `email` and follows the redirects back through sso's callback.
 */
async function signInAt(
  agent: BrowserAgent,
  email: string,
  options: { start?: string; stopBefore?: (url: URL) => boolean } = {}
) {
  const loginPage = await agent.follow(`${SSO}${options.start ?? '/auth/oidc/redirect'}`)
  if (!loginPage.url.pathname.startsWith('/interaction/')) {
    throw new Error(`expected the provider's login page, got ${loginPage.url}`)
  }
  return agent.follow(`${loginPage.url}/login`, {
    method: 'POST',
    form: { email },
    stopBefore: options.stopBefore ?? leavesCallback,
  })
}

/** sso's account page (as an Inertia visit) as this browser sees it, or null when signed out. */
async function accountPage(agent: BrowserAgent) {
  const response = await agent.request(`${SSO}/profile`, {
    headers: { 'x-inertia': 'true', 'x-inertia-version': '1' },
  })
  if (response.status !== 200) {
    return null
  }
  const page = (await response.json()) as { component: string; props: unknown }
  return page.component === 'sso/account' ? JSON.stringify(page.props) : null
}

/** The error the sign-in page shows (the flash message of the last refusal). */
async function signInError(agent: BrowserAgent) {
  const response = await agent.request(`${SSO}/login`, {
    headers: { 'x-inertia': 'true', 'x-inertia-version': '1' },
  })
  const page = (await response.json()) as { props: { errors?: { email?: string } } }
  return page.props.errors?.email
}

async function eventsOf(event: string) {
  return AuditEvent.query().where('event', event).orderBy('id')
}

function startProvider(
  group: { setup: (fn: () => Promise<() => Promise<void>>) => void },
  options = {}
) {
  const idp = new TestOidcProvider({ redirectUris: [callbackUrlOf('oidc')], ...options })
  group.setup(async () => {
    await idp.start()
    const restoreEnv = useOidcEnv(idp.env())
    return async () => {
      restoreEnv()
      await idp.stop()
    }
  })
  return idp
}

test.group('sso sign-in through an OpenID Connect provider', (group) => {
  const idp = startProvider(group)
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => idp.clearAccounts())

  function robin(overrides: Partial<ProviderAccount> = {}) {
    return idp.addAccount({
      sub: 'robin-at-idp',
      email: 'Robin@Example.com',
      emailVerified: true,
      name: 'Robin Fisher',
      ...overrides,
    })
  }

  test('the provider is offered under its configured name', async ({ assert }) => {
    assert.deepEqual(availableProviders(), [{ id: 'oidc', label: 'Test IdP' }])
  })

  test('the redirect carries state, PKCE (S256), a nonce and the registered callback', async ({
    assert,
  }) => {
    const response = await new BrowserAgent().request(`${SSO}/auth/oidc/redirect`)
    assert.equal(response.status, 302)
    const location = new URL(response.headers.get('location')!)
    assert.equal(location.origin, idp.issuer)
    const params = location.searchParams
    assert.equal(params.get('client_id'), idp.clientId)
    assert.equal(params.get('redirect_uri'), `${SSO}/auth/oidc/callback`)
    assert.equal(params.get('response_type'), 'code')
    assert.equal(params.get('code_challenge_method'), 'S256')
    assert.match(params.get('code_challenge')!, /^[\w-]{43}$/)
    assert.isAtLeast(params.get('state')!.length, 32)
    assert.isAtLeast(params.get('nonce')!.length, 32)
    assert.includeMembers(params.get('scope')!.split(' '), ['openid', 'email', 'profile'])
  })

  test('a first sign-in creates a verified account and signs it in', async ({ assert }) => {
    robin()
    const agent = new BrowserAgent()
    const back = await signInAt(agent, 'robin@example.com')
    assert.equal(back.url.href, `${SSO}/`)

    const user = await User.findByOrFail('email', 'robin@example.com')
    assert.equal(user.username, 'robin@example.com')
    assert.equal(user.name, 'Robin Fisher')
    assert.equal(user.displayName, 'Robin Fisher')
    assert.isNotNull(user.emailVerifiedAt)
    assert.match(user.password, /^\$argon2id\$/)

    const identity = await ExternalIdentity.findByOrFail('subject', 'robin-at-idp')
    assert.equal(identity.userId, user.id)
    assert.equal(identity.provider, 'oidc')
    assert.equal(identity.email, 'robin@example.com')

    assert.include(await accountPage(agent), 'robin@example.com')
    const [signIn] = await eventsOf('sign_in')
    assert.equal(signIn.userId, user.id)
    assert.deepEqual(signIn.details, { method: 'external:oidc' })
    assert.lengthOf(await eventsOf('registered'), 1)
    assert.lengthOf(await eventsOf('external_account_linked'), 1)
  })

  test('a second sign-in reuses the account, even after the address changed at the provider', async ({
    assert,
  }) => {
    robin()
    await signInAt(new BrowserAgent(), 'robin@example.com')
    robin({ email: 'robin.fisher@example.com' })

    const agent = new BrowserAgent()
    const back = await signInAt(agent, 'robin.fisher@example.com')
    assert.equal(back.url.href, `${SSO}/`)
    assert.include(await accountPage(agent), 'robin@example.com')
    assert.lengthOf(await User.all(), 1)
    assert.lengthOf(await ExternalIdentity.all(), 1)
    const identity = await ExternalIdentity.firstOrFail()
    assert.equal(identity.email, 'robin.fisher@example.com')
    assert.lengthOf(await eventsOf('sign_in'), 2)
  })

  test('an existing password account with the same verified address is linked', async ({
    assert,
  }) => {
    const existing = await new UserAccounts().create({
      email: 'robin@example.com',
      password: 'correct horse battery',
      displayName: 'Robin',
      emailVerified: true,
    })
    robin()
    const agent = new BrowserAgent()
    await signInAt(agent, 'robin@example.com')

    assert.include(await accountPage(agent), 'robin@example.com')
    assert.lengthOf(await User.all(), 1)
    const identity = await ExternalIdentity.findByOrFail('subject', 'robin-at-idp')
    assert.equal(identity.userId, existing.id)
    const user = await User.findOrFail(existing.id)
    assert.equal(user.displayName, 'Robin', 'the profile is left alone')
    assert.isTrue(await user.verifyPassword('correct horse battery'), 'the password still works')

    const [linked] = await eventsOf('external_account_linked')
    assert.equal(linked.userId, existing.id)
    assert.equal(linked.email, 'robin@example.com')
    assert.lengthOf(await eventsOf('registered'), 0)
  })

  test('an unconfirmed account someone registered with the address loses its password', async ({
    assert,
  }) => {
    // Pre-hijacking: someone registers the address first and keeps the password.
    const squatted = await new UserAccounts().create({
      email: 'robin@example.com',
      password: 'the squatter knows this',
    })
    robin()
    const agent = new BrowserAgent()
    await signInAt(agent, 'robin@example.com')

    assert.include(await accountPage(agent), 'robin@example.com')
    const user = await User.findOrFail(squatted.id)
    assert.isNotNull(user.emailVerifiedAt, 'the provider proved the address')
    assert.isFalse(
      await user.verifyPassword('the squatter knows this'),
      "the squatter's password no longer opens the account"
    )
  })

  test('an unverified address neither links nor creates an account', async ({ assert }) => {
    const existing = await new UserAccounts().create({
      email: 'robin@example.com',
      password: 'correct horse battery',
    })
    robin({ emailVerified: false })
    idp.addAccount({ sub: 'newcomer', email: 'new@example.com', emailVerified: false })

    for (const email of ['robin@example.com', 'new@example.com']) {
      const agent = new BrowserAgent()
      const back = await signInAt(agent, email)
      assert.equal(back.url.href, `${SSO}/login`)
      assert.match((await signInError(agent))!, /Test IdP has not verified your email address/)
      assert.isNull(await accountPage(agent))
    }

    assert.lengthOf(await ExternalIdentity.all(), 0)
    const users = await User.all()
    assert.deepEqual(
      users.map((user) => user.id),
      [existing.id]
    )
    const failures = await eventsOf('sign_in_failed')
    assert.deepEqual(
      failures.map((event) => [event.userId, event.email, event.details.reason]),
      [
        [existing.id, 'robin@example.com', 'email_unverified'],
        [null, 'new@example.com', 'email_unverified'],
      ]
    )
  })

  test('a disabled person is refused, linked or not', async ({ assert }) => {
    robin()
    await signInAt(new BrowserAgent(), 'robin@example.com')
    const linked = await User.findByOrFail('email', 'robin@example.com')
    linked.disabledAt = DateTime.now()
    await linked.save()

    const disabledByEmail = await new UserAccounts().create({
      email: 'sam@example.com',
      password: 'correct horse battery',
    })
    disabledByEmail.disabledAt = DateTime.now()
    await disabledByEmail.save()
    idp.addAccount({ sub: 'sam-at-idp', email: 'sam@example.com', emailVerified: true })

    for (const email of ['robin@example.com', 'sam@example.com']) {
      const agent = new BrowserAgent()
      const back = await signInAt(agent, email)
      assert.equal(back.url.href, `${SSO}/login`)
      assert.equal(await signInError(agent), 'This account has been disabled.')
      assert.isNull(await accountPage(agent))
    }
    assert.isNull(await ExternalIdentity.findBy('subject', 'sam-at-idp'), 'nothing was linked')
    const failures = await eventsOf('sign_in_failed')
    assert.deepEqual(
      failures.map((event) => [event.userId, event.details.reason]),
      [
        [linked.id, 'disabled'],
        [disabledByEmail.id, 'disabled'],
      ]
    )
  })

  test('a tampered or foreign state is refused before any code is exchanged', async ({
    assert,
  }) => {
    robin()
    const agent = new BrowserAgent()
    const atCallback = await signInAt(agent, 'robin@example.com', {
      stopBefore: (url) => url.pathname === '/auth/oidc/callback',
    })
    assert.isNotNull(atCallback.url.searchParams.get('code'))

    const tampered = new URL(atCallback.url)
    tampered.searchParams.set('state', 'x'.repeat(32))
    const refused = await agent.follow(tampered, { stopBefore: leavesCallback })
    assert.equal(refused.url.href, `${SSO}/login`)
    assert.match((await signInError(agent))!, /expired or did not start here/)

    // The untouched callback in another browser (no state cookie) fails too.
    const stranger = new BrowserAgent()
    const replayed = await stranger.follow(atCallback.url, { stopBefore: leavesCallback })
    assert.equal(replayed.url.href, `${SSO}/login`)
    assert.isNull(await accountPage(stranger))

    assert.lengthOf(await User.all(), 0)
    const failures = await eventsOf('sign_in_failed')
    assert.deepEqual(
      failures.map((event) => event.details.reason),
      ['state_mismatch', 'state_mismatch']
    )
  })

  test("the id_token must carry the nonce of this browser's sign-in", async ({ assert }) => {
    robin()
    const agent = new BrowserAgent()
    const atCallback = await signInAt(agent, 'robin@example.com', {
      stopBefore: (url) => url.pathname === '/auth/oidc/callback',
    })
    agent.cookies(SSO).delete('oidc_oauth_nonce')
    const back = await agent.follow(atCallback.url, { stopBefore: leavesCallback })
    assert.equal(back.url.href, `${SSO}/login`)
    assert.match((await signInError(agent))!, /could not be verified/)
    assert.lengthOf(await User.all(), 0)
  })

  test('cancelling at the provider returns to the sign-in page with a message', async ({
    assert,
  }) => {
    robin()
    const agent = new BrowserAgent()
    const loginPage = await agent.follow(`${SSO}/auth/oidc/redirect`)
    const back = await agent.follow(`${loginPage.url}/abort`, {
      method: 'POST',
      stopBefore: leavesCallback,
    })
    assert.equal(back.url.href, `${SSO}/login`)
    assert.equal(await signInError(agent), 'Signing in with Test IdP was cancelled.')
    const failures = await eventsOf('sign_in_failed')
    assert.deepEqual(
      failures.map((event) => event.details),
      [{ method: 'external:oidc', reason: 'access_denied' }]
    )
  })

  test('a wrong client secret ends on the sign-in page, not in an error', async ({ assert }) => {
    robin()
    const restore = useOidcEnv({ ...idp.env(), OIDC_CLIENT_SECRET: 'not-the-secret' })
    try {
      const agent = new BrowserAgent()
      const back = await signInAt(agent, 'robin@example.com')
      assert.equal(back.url.href, `${SSO}/login`)
      assert.match((await signInError(agent))!, /could not be verified/)
    } finally {
      restore()
    }
    assert.lengthOf(await User.all(), 0)
  })

  test('an unreachable provider is a message on the sign-in page', async ({ assert }) => {
    const restore = useOidcEnv({
      ...idp.env(),
      OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`,
    })
    try {
      const agent = new BrowserAgent()
      const response = await agent.request(`${SSO}/auth/oidc/redirect`)
      assert.equal(response.headers.get('location'), '/login')
      assert.equal(
        await signInError(agent),
        'Test IdP cannot be reached right now. Please try again later.'
      )
    } finally {
      restore()
    }
  })

  test('a person with TOTP is sent to the second-factor step, not signed in yet', async ({
    assert,
  }) => {
    const user = await new UserAccounts().create({
      email: 'robin@example.com',
      password: 'correct horse battery',
    })
    user.totpEnabledAt = DateTime.now()
    await user.save()
    robin()

    const agent = new BrowserAgent()
    const back = await signInAt(agent, 'robin@example.com')
    assert.equal(back.url.href, `${SSO}/login/two-factor`)
    assert.isNull(await accountPage(agent))
    assert.lengthOf(await eventsOf('sign_in'), 0)
  })

  test('from /authorize of a connected app through the provider to the app with a token', async ({
    assert,
    client,
  }) => {
    const { app } = await new ConnectedAppRegistry().create('transfer', [APP_CALLBACK])
    robin()
    const agent = new BrowserAgent()
    const authorize = `/authorize?${new URLSearchParams({
      client_id: app.apiKey,
      redirect_uri: APP_CALLBACK,
      state: 'app-state',
    })}`
    const toLogin = await agent.follow(`${SSO}${authorize}`, { stopBefore: leavesCallback })
    assert.equal(toLogin.url.href, `${SSO}/login`)

    const atApp = await signInAt(agent, 'robin@example.com', {
      stopBefore: (url) => url.origin !== SSO && url.origin !== idp.issuer,
    })
    assert.equal(`${atApp.url.origin}${atApp.url.pathname}`, APP_CALLBACK)
    assert.equal(atApp.url.searchParams.get('state'), 'app-state')

    const validation = await client
      .post('/api/apps/validate-token')
      .json({ token: atApp.url.searchParams.get('token'), apiKey: app.apiKey })
    validation.assertStatus(200)
    assert.equal(validation.body().user.email, 'robin@example.com')
  })
})

test.group('sso sign-in through an OpenID Connect provider: claims in the id_token', (group) => {
  const idp = startProvider(group, { claimsInIdToken: true })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('email and email_verified are read from the verified id_token', async ({ assert }) => {
    idp.addAccount({ sub: 'kai', email: 'kai@example.com', emailVerified: true, name: 'Kai' })
    const agent = new BrowserAgent()
    const back = await signInAt(agent, 'kai@example.com')
    assert.equal(back.url.href, `${SSO}/`)
    assert.include(await accountPage(agent), 'kai@example.com')
  })
})

test.group('sso external sign-in routes', () => {
  test('an unknown or unconfigured provider is a 404', async ({ client, assert }) => {
    assert.deepEqual(availableProviders(), [])
    for (const path of [
      '/auth/facebook/redirect',
      '/auth/facebook/callback',
      '/auth/github/redirect',
      '/auth/google/callback',
      '/auth/oidc/redirect',
    ]) {
      const response = await client.get(path).redirects(0)
      response.assertStatus(404)
    }
  })
})
