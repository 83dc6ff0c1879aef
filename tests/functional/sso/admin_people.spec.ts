import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { SessionCollection } from '@adonisjs/session'
import { SessionClient } from '@adonisjs/session/client'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import { DateTime } from 'luxon'
import User from '#models/sso/user'
import AuditEvent from '#models/sso/audit_event'
import TotpRecoveryCode from '#models/sso/totp_recovery_code'
import { UserAccounts } from '#services/sso/user_accounts'
import { TotpService } from '#services/sso/totp_service'

const PASSWORD = 'a long enough password'
const BROWSER = 'Mozilla/5.0 (admin test)'

function person(email: string, extra: { name?: string; isAdmin?: boolean } = {}) {
  return new UserAccounts().create({ email, password: PASSWORD, emailVerified: true, ...extra })
}

/**
 * A signed-in session of `user` in the session store, tagged with them as
 * sign-in does. (The test client's own sessions are destroyed after each
 * request, so the test keeps its own.)
 */
async function signedInSession(user: User) {
  const config = await configProvider.resolve<ResolvedSessionConfig>(app, app.config.get('session'))
  // The memory store needs no request.
  const session = new SessionClient(config!.stores.memory({} as HttpContext, config!))
  session.merge({ auth_web: user.id })
  await session.commit()
  const sessions = await app.container.make(SessionCollection)
  await sessions.tag(session.sessionId, String(user.id))
  return session.sessionId
}

/** Sends the request with that session's cookie instead of the test client's own session. */
function inSession(request: ApiRequest, sessionId: string) {
  return request.setup(() => {
    request.withCookie('connect.sid', sessionId)
  })
}

function inertia(client: ApiClient, url: string) {
  return client.get(url).header('x-inertia', 'true').header('x-inertia-version', '1')
}

test.group('sso admin: people', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('disabling a person ends their sessions, refuses their sign-in and is audited', async ({
    client,
    assert,
  }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    const pat = await person('pat@example.com')
    // The session works: the account page opens in it.
    const before = await inSession(client.get('/'), await signedInSession(pat)).redirects(0)
    before.assertStatus(200)
    const sessionId = await signedInSession(pat)
    const sessions = await app.container.make(SessionCollection)

    const response = await client
      .post(`/api/admin/people/${pat.id}/disable`)
      .header('user-agent', BROWSER)
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(200)
    assert.isTrue(response.body().person.disabled)
    assert.equal(response.body().sessionsEnded, 1)
    assert.isNull(await sessions.get(sessionId))

    const oldSession = await inSession(client.get('/'), sessionId).redirects(0)
    oldSession.assertHeader('location', '/login')

    const signIn = await client
      .post('/login')
      .form({ email: pat.email, password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    signIn.assertHeader('location', '/login')
    assert.notProperty(signIn.session(), 'auth_web')

    const event = await AuditEvent.query().where('event', 'user_disabled').firstOrFail()
    assert.equal(event.userId, pat.id)
    assert.equal(event.actorId, admin.id)
    assert.equal(event.userAgent, BROWSER)
    assert.isString(event.ip)

    // Enabling again does not bring the ended session back.
    const enabled = await client
      .post(`/api/admin/people/${pat.id}/enable`)
      .withCsrfToken()
      .loginAs(admin)
    assert.isFalse(enabled.body().person.disabled)
    const stillEnded = await inSession(client.get('/'), sessionId).redirects(0)
    stillEnded.assertHeader('location', '/login')
    const signInAgain = await client
      .post('/login')
      .form({ email: pat.email, password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.property(signInAgain.session(), 'auth_web')
    assert.isNotNull(await AuditEvent.query().where('event', 'user_enabled').first())
  })

  test('ending all sessions signs the person out everywhere', async ({ client, assert }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    const pat = await person('pat@example.com')
    const first = await signedInSession(pat)
    const second = await signedInSession(pat)
    const response = await client
      .post(`/api/admin/people/${pat.id}/end-sessions`)
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().sessionsEnded, 2)
    for (const sessionId of [first, second]) {
      const page = await inSession(client.get('/'), sessionId).redirects(0)
      page.assertHeader('location', '/login')
    }
    const event = await AuditEvent.query().where('event', 'session_ended').firstOrFail()
    assert.equal(event.actorId, admin.id)
    assert.equal(event.userId, pat.id)
  })

  test('resetting TOTP turns it off and forgets the secret and recovery codes', async ({
    client,
    assert,
  }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    const pat = await person('pat@example.com')
    const totp = new TotpService()
    await totp.beginEnrolment(pat)
    pat.totpEnabledAt = DateTime.now()
    await pat.save()
    await totp.regenerateRecoveryCodes(pat)

    const response = await client
      .post(`/api/admin/people/${pat.id}/reset-totp`)
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(200)
    assert.isFalse(response.body().person.totpEnabled)
    const stored = await User.findOrFail(pat.id)
    assert.isNull(stored.totpEnabledAt)
    assert.isNull(stored.totpSecret)
    assert.isNull(await TotpRecoveryCode.query().where('user_id', pat.id).first())
    const event = await AuditEvent.query().where('event', 'totp_reset').firstOrFail()
    assert.equal(event.actorId, admin.id)
    assert.equal(event.userId, pat.id)
    assert.isTrue(event.details.wasEnabled)
  })

  test('admin rights can be granted and revoked, but never by an admin to themselves', async ({
    client,
    assert,
  }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    const pat = await person('pat@example.com')
    const granted = await client
      .post(`/api/admin/people/${pat.id}/grant-admin`)
      .withCsrfToken()
      .loginAs(admin)
    assert.isTrue(granted.body().person.isAdmin)
    const revoked = await client
      .post(`/api/admin/people/${pat.id}/revoke-admin`)
      .withCsrfToken()
      .loginAs(admin)
    assert.isFalse(revoked.body().person.isAdmin)
    const events = await AuditEvent.query().where('user_id', pat.id).orderBy('id')
    assert.deepEqual(
      events.map((event) => event.event),
      ['admin_granted', 'admin_revoked']
    )

    for (const action of ['revoke-admin', 'disable']) {
      const refused = await client
        .post(`/api/admin/people/${admin.id}/${action}`)
        .withCsrfToken()
        .loginAs(admin)
      refused.assertStatus(409)
      assert.match(refused.body().message, /your own/)
    }
    const stored = await User.findOrFail(admin.id)
    assert.isTrue(stored.isAdmin)
    assert.isNull(stored.disabledAt)
  })

  test('search by email, name or username, with pagination', async ({ client, assert }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    for (let i = 1; i <= 12; i++) {
      await person(`crew${String(i).padStart(2, '0')}@example.com`)
    }
    await person('robin@studio.test', { name: 'Robin Carter' })
    await person('percent@example.com', { name: '100% sure' })

    const byEmail = await client
      .get('/api/admin/people')
      .qs({ q: 'CREW', perPage: 5, page: 2 })
      .loginAs(admin)
    byEmail.assertStatus(200)
    assert.deepEqual(byEmail.body().meta, { total: 12, page: 2, perPage: 5, lastPage: 3 })
    assert.deepEqual(
      byEmail.body().data.map((entry: { email: string }) => entry.email),
      [
        'crew06@example.com',
        'crew07@example.com',
        'crew08@example.com',
        'crew09@example.com',
        'crew10@example.com',
      ]
    )

    const byName = await client.get('/api/admin/people').qs({ q: 'carter' }).loginAs(admin)
    assert.deepEqual(
      byName.body().data.map((entry: { email: string }) => entry.email),
      ['robin@studio.test']
    )

    // LIKE wildcards in the query are taken literally.
    const literal = await client.get('/api/admin/people').qs({ q: '0%' }).loginAs(admin)
    assert.deepEqual(
      literal.body().data.map((entry: { email: string }) => entry.email),
      ['percent@example.com']
    )

    const invalid = await client.get('/api/admin/people').qs({ perPage: 1000 }).loginAs(admin)
    invalid.assertStatus(422)
  })

  test("the People page shows each person's status", async ({ client, assert }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    const pat = await person('pat@example.com', { name: 'Pat Doe' })
    pat.disabledAt = DateTime.now()
    pat.emailVerifiedAt = DateTime.now()
    pat.lastSignInAt = DateTime.fromISO('2025-01-02T03:04:05Z')
    await pat.save()

    const page = await inertia(client, '/admin/people?q=pat').loginAs(admin)
    page.assertStatus(200)
    assert.equal(page.body().component, 'sso/admin/people')
    const props = page.body().props
    assert.equal(props.currentUserId, admin.id)
    assert.deepEqual(props.filters, { q: 'pat' })
    assert.lengthOf(props.data, 1)
    assert.containsSubset(props.data[0], {
      email: 'pat@example.com',
      name: 'Pat Doe',
      disabled: true,
      emailVerified: true,
      totpEnabled: false,
      isAdmin: false,
    })
    assert.equal(
      DateTime.fromISO(props.data[0].lastSignInAt).toMillis(),
      pat.lastSignInAt.toMillis()
    )

    // A malformed query is only a filter: the page shows the first page.
    const lenient = await inertia(client, '/admin/people?page=abc').loginAs(admin)
    lenient.assertStatus(200)
    assert.equal(lenient.body().props.meta.page, 1)
  })
})
