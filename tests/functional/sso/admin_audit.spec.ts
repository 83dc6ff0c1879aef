import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserAccounts } from '#services/sso/user_accounts'
import { AuditLog, TERMINAL_ORIGIN } from '#services/sso/audit_log'
import AuditEvent from '#models/sso/audit_event'
import { inertiaVisit } from '#tests/helpers/inertia_visits'

const BROWSER = 'Mozilla/5.0 (audit test)'

async function people() {
  const accounts = new UserAccounts()
  const password = 'a long enough password'
  const admin = await accounts.create({ email: 'admin@example.com', password, isAdmin: true })
  const pat = await accounts.create({ email: 'pat@example.com', password })
  const sam = await accounts.create({ email: 'sam@example.com', password })
  return { admin, pat, sam }
}

test.group('sso admin: audit log', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists events newest first with person, actor, IP, user agent and details', async ({
    client,
    assert,
  }) => {
    const { admin, pat } = await people()
    const log = new AuditLog()
    await log.record('sign_in', {
      origin: { ip: '203.0.113.9', userAgent: 'Pat browser' },
      userId: pat.id,
      details: { method: 'password' },
    })
    await client
      .post(`/api/admin/people/${pat.id}/disable`)
      .header('user-agent', BROWSER)
      .withCsrfToken()
      .loginAs(admin)

    const response = await client.get('/api/admin/audit').loginAs(admin)
    response.assertStatus(200)
    const [disabled, signIn] = response.body().data
    assert.containsSubset(disabled, {
      event: 'user_disabled',
      person: { id: pat.id, email: 'pat@example.com' },
      actor: { id: admin.id, email: 'admin@example.com' },
      userAgent: BROWSER,
      details: { sessionsEnded: 0 },
    })
    assert.isString(disabled.ip)
    assert.isString(disabled.createdAt)
    assert.containsSubset(signIn, {
      event: 'sign_in',
      person: { id: pat.id },
      actor: { id: pat.id },
      ip: '203.0.113.9',
      userAgent: 'Pat browser',
      details: { method: 'password' },
    })
  })

  test('filters by event and by person, and paginates', async ({ client, assert }) => {
    const { admin, pat, sam } = await people()
    const log = new AuditLog()
    const origin = { ip: '198.51.100.1', userAgent: 'test' }
    for (let i = 0; i < 3; i++) {
      await log.record('sign_in', { origin, userId: pat.id })
      await log.record('sign_in', { origin, userId: sam.id })
    }
    await log.record('sign_in_failed', { origin, userId: pat.id, email: pat.email })
    await log.record('sign_in_failed', { origin, email: 'Nobody@Example.com' })

    const patOnly = await client.get('/api/admin/audit').qs({ person: 'PAT@' }).loginAs(admin)
    assert.equal(patOnly.body().meta.total, 4)
    for (const entry of patOnly.body().data) {
      assert.equal(entry.person.id, pat.id)
    }

    const failures = await client
      .get('/api/admin/audit')
      .qs({ event: 'sign_in_failed' })
      .loginAs(admin)
    assert.equal(failures.body().meta.total, 2)

    const unknownAccount = await client
      .get('/api/admin/audit')
      .qs({ person: 'nobody' })
      .loginAs(admin)
    assert.lengthOf(unknownAccount.body().data, 1)
    assert.isNull(unknownAccount.body().data[0].person)
    assert.equal(unknownAccount.body().data[0].email, 'Nobody@Example.com')

    const both = await client
      .get('/api/admin/audit')
      .qs({ event: 'sign_in', person: 'sam', perPage: 2, page: 2 })
      .loginAs(admin)
    assert.deepEqual(both.body().meta, { total: 3, page: 2, perPage: 2, lastPage: 2 })
    assert.lengthOf(both.body().data, 1)

    const first = await client.get('/api/admin/audit').qs({ perPage: 3 }).loginAs(admin)
    const ids = first.body().data.map((entry: { id: number }) => entry.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a)
    )

    const badEvent = await client.get('/api/admin/audit').qs({ event: 'nonsense' }).loginAs(admin)
    badEvent.assertStatus(422)
  })

  test('changes made at the terminal show the terminal as the actor', async ({
    client,
    assert,
  }) => {
    const { admin, pat } = await people()
    await new AuditLog().record('user_disabled', { origin: TERMINAL_ORIGIN, userId: pat.id })
    const response = await client.get('/api/admin/audit').loginAs(admin)
    assert.deepEqual(response.body().data[0].actor, { terminal: true })
    assert.equal(response.body().data[0].userAgent, 'ace (terminal)')
  })

  test('the Audit log page shows the filtered entries and the event names', async ({
    client,
    assert,
  }) => {
    const { admin, pat } = await people()
    await new AuditLog().record('totp_reset', {
      origin: { ip: null, userAgent: null },
      userId: pat.id,
      actorId: admin.id,
    })
    const page = await client
      .get('/admin/audit')
      .qs({ event: 'totp_reset', person: 'pat' })
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .loginAs(admin)
    page.assertStatus(200)
    assert.equal(page.body().component, 'sso/admin/audit')
    const props = page.body().props
    assert.deepEqual(props.filters, { event: 'totp_reset', person: 'pat', from: '', to: '' })
    assert.include(props.events, 'app_created')
    assert.lengthOf(props.data, 1)
    assert.equal(props.data[0].actor.email, 'admin@example.com')

    const lenient = await client
      .get('/admin/audit')
      .qs({ event: 'nonsense' })
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .loginAs(admin)
    lenient.assertStatus(200)
    assert.deepEqual(lenient.body().props.filters, { event: '', person: '', from: '', to: '' })
  })

  test("filters by the days events happened on, in the reader's time zone", async ({
    client,
    assert,
  }) => {
    const { admin, pat } = await people()
    const log = new AuditLog()
    const origin = { ip: '198.51.100.1', userAgent: 'test' }
    // Instants in UTC; in Honolulu (UTC-10, no summer time) the last is still 2 Nov.
    for (const at of [
      '2030-11-01T12:00:00Z',
      '2030-11-02T12:00:00Z',
      '2030-11-03T12:00:00Z',
      '2030-11-03T07:00:00Z',
    ]) {
      await log.record('sign_in', { origin, userId: pat.id, details: { at } })
      await AuditEvent.query().whereRaw(`details->>'at' = ?`, [at]).update({ created_at: at })
    }
    const atOf = (body: { data: { details: { at: string } }[] }) =>
      body.data.map((entry) => entry.details.at).sort()

    const utc = await client
      .get('/api/admin/audit')
      .qs({ from: '2030-11-02', to: '2030-11-02' })
      .loginAs(admin)
    utc.assertStatus(200)
    assert.deepEqual(atOf(utc.body()), ['2030-11-02T12:00:00Z'])

    const honolulu = await client
      .get('/api/admin/audit')
      .qs({ from: '2030-11-02', to: '2030-11-02', tz: 'Pacific/Honolulu' })
      .loginAs(admin)
    assert.deepEqual(atOf(honolulu.body()), ['2030-11-02T12:00:00Z', '2030-11-03T07:00:00Z'])

    const fromOnly = await client.get('/api/admin/audit').qs({ from: '2030-11-03' }).loginAs(admin)
    assert.deepEqual(atOf(fromOnly.body()), ['2030-11-03T07:00:00Z', '2030-11-03T12:00:00Z'])

    for (const bad of [{ from: '2030-02-30' }, { to: 'yesterday' }, { tz: 'Mars/Olympus' }]) {
      const refused = await client.get('/api/admin/audit').qs(bad).loginAs(admin)
      refused.assertStatus(422)
    }

    // The page takes the same query string, also as a partial reload of its rows.
    const page = await inertiaVisit(client, '/admin/audit?from=2030-11-01&to=2030-11-01', {
      partial: { component: 'sso/admin/audit', only: ['filters', 'data', 'meta'] },
    }).loginAs(admin)
    page.assertStatus(200)
    assert.deepEqual(page.body().props.filters, {
      event: '',
      person: '',
      from: '2030-11-01',
      to: '2030-11-01',
    })
    assert.deepEqual(atOf(page.body().props), ['2030-11-01T12:00:00Z'])
    assert.notProperty(page.body().props, 'events')
  })

  test('the page names each device; the API keeps the documented fields', async ({
    client,
    assert,
  }) => {
    const { admin, pat } = await people()
    await new AuditLog().record('sign_in', {
      origin: {
        ip: '203.0.113.9',
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      userId: pat.id,
    })
    const page = await inertiaVisit(client, '/admin/audit').loginAs(admin)
    assert.equal(page.body().props.data[0].device, 'Chrome on Linux')
    const api = await client.get('/api/admin/audit').loginAs(admin)
    assert.notProperty(api.body().data[0], 'device')
  })
})
