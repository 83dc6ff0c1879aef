import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import encryption from '@adonisjs/core/services/encryption'
import User from '#models/sso/user'
import TotpRecoveryCode from '#models/sso/totp_recovery_code'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { PASSWORD, codeAt, verifiedPerson, withTotp } from '#tests/helpers/sso_people'

const CALLBACK = 'http://transfer.example.test:5000/auth/callback'

test.group('sso TOTP enrolment', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('enrol with a QR code and a manual key, confirm with a code, get ten recovery codes', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await verifiedPerson()
    const begun = await client.post('/api/account/totp').loginAs(user).withCsrfToken()
    begun.assertStatus(200)
    const { secret, otpauthUri, qrCodeSvg } = begun.body().enrolment
    assert.match(secret, /^[A-Z2-7]{32}$/)
    assert.include(otpauthUri, `secret=${secret}`)
    assert.include(qrCodeSvg, '<svg')
    await user.refresh()
    assert.isNull(user.totpEnabledAt, 'not live before confirmation')
    assert.notInclude(user.totpSecret!, secret, 'the secret is stored encrypted')
    assert.equal(encryption.decrypt(user.totpSecret!), secret)

    const wrong = await client
      .post('/api/account/totp/confirm')
      .json({ code: '000000' })
      .loginAs(user)
      .withCsrfToken()
    wrong.assertStatus(422)

    const confirmed = await client
      .post('/api/account/totp/confirm')
      .json({ code: await codeAt(secret) })
      .loginAs(user)
      .withCsrfToken()
    confirmed.assertStatus(200)
    const codes: string[] = confirmed.body().recoveryCodes
    assert.lengthOf(codes, 10)
    assert.lengthOf(new Set(codes), 10)
    const stored = await TotpRecoveryCode.query().where('user_id', user.id)
    assert.lengthOf(stored, 10)
    for (const row of stored) {
      assert.notInclude(codes, row.codeHash, 'recovery codes are stored hashed')
    }
    await user.refresh()
    assert.isNotNull(user.totpEnabledAt)
    assert.exists(mails.queued().find((m) => m.subject === 'Two-factor authentication is on'))
  })

  test('turning it off needs the password and a code', async ({ client, assert }) => {
    const user = await verifiedPerson()
    const { secret, recoveryCodes } = await withTotp(user)

    const noPassword = await client
      .post('/api/account/totp/disable')
      .json({ password: 'wrong password', code: await codeAt(secret) })
      .loginAs(user)
      .withCsrfToken()
    noPassword.assertStatus(422)

    const noCode = await client
      .post('/api/account/totp/disable')
      .json({ password: PASSWORD, code: '123456' })
      .loginAs(user)
      .withCsrfToken()
    noCode.assertStatus(422)

    const off = await client
      .post('/api/account/totp/disable')
      .json({ password: PASSWORD, code: recoveryCodes[0] })
      .loginAs(user)
      .withCsrfToken()
    off.assertStatus(200)
    await user.refresh()
    assert.isNull(user.totpEnabledAt)
    assert.isNull(user.totpSecret)
    assert.lengthOf(await TotpRecoveryCode.query().where('user_id', user.id), 0)
  })
})

test.group('sso sign-in with TOTP', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function passwordStep(client: any, email = 'pat@example.com', session = {}) {
    return client
      .post('/login')
      .form({ email, password: PASSWORD })
      .withSession(session)
      .withCsrfToken()
      .redirects(0)
  }

  test('the password alone does not sign in; the code does', async ({ client, assert }) => {
    const user = await verifiedPerson()
    const { secret } = await withTotp(user)
    const first = await passwordStep(client)
    first.assertHeader('location', '/login/two-factor')
    assert.notProperty(first.session(), 'auth_web')

    const page = await client
      .get('/login/two-factor')
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .withSession(first.session())
    assert.equal(page.body().component, 'sso/two_factor')

    const wrong = await client
      .post('/login/two-factor')
      .form({ code: '000000' })
      .withSession(first.session())
      .withCsrfToken()
      .redirects(0)
    wrong.assertHeader('location', '/login/two-factor')
    assert.notProperty(wrong.session(), 'auth_web')

    const right = await client
      .post('/login/two-factor')
      .form({ code: await codeAt(secret) })
      .withSession(first.session())
      .withCsrfToken()
      .redirects(0)
    right.assertHeader('location', '/')
    assert.property(right.session(), 'auth_web')
  })

  test('a code is accepted once: a replay inside its window is refused', async ({ client }) => {
    const user = await verifiedPerson()
    const { secret } = await withTotp(user)
    const code = await codeAt(secret)

    const first = await passwordStep(client)
    const used = await client
      .post('/login/two-factor')
      .form({ code })
      .withSession(first.session())
      .withCsrfToken()
      .redirects(0)
    used.assertHeader('location', '/')

    const second = await passwordStep(client)
    const replay = await client
      .post('/login/two-factor')
      .form({ code })
      .withSession(second.session())
      .withCsrfToken()
      .redirects(0)
    replay.assertHeader('location', '/login/two-factor')
  })

  test('one step of clock drift is tolerated, two are not', async ({ client }) => {
    const user = await verifiedPerson()
    const { secret } = await withTotp(user)
    await User.query().where('id', user.id).update({ totpLastStep: null })

    const tooOld = await passwordStep(client)
    const refused = await client
      .post('/login/two-factor')
      .form({ code: await codeAt(secret, -75) })
      .withSession(tooOld.session())
      .withCsrfToken()
      .redirects(0)
    refused.assertHeader('location', '/login/two-factor')

    const ahead = await passwordStep(client)
    const accepted = await client
      .post('/login/two-factor')
      .form({ code: await codeAt(secret, 30) })
      .withSession(ahead.session())
      .withCsrfToken()
      .redirects(0)
    accepted.assertHeader('location', '/')
  })

  test('a recovery code works once', async ({ client, assert }) => {
    const user = await verifiedPerson()
    const { recoveryCodes } = await withTotp(user)

    const first = await passwordStep(client)
    const used = await client
      .post('/login/two-factor')
      .form({ recoveryCode: recoveryCodes[3].toUpperCase() })
      .withSession(first.session())
      .withCsrfToken()
      .redirects(0)
    used.assertHeader('location', '/')

    const second = await passwordStep(client)
    const reused = await client
      .post('/login/two-factor')
      .form({ recoveryCode: recoveryCodes[3] })
      .withSession(second.session())
      .withCsrfToken()
      .redirects(0)
    reused.assertHeader('location', '/login/two-factor')
    assert.notProperty(reused.session(), 'auth_web')
  })

  test('wrong codes are rate limited', async ({ client, assert }) => {
    const user = await verifiedPerson()
    await withTotp(user)
    const first = await passwordStep(client)
    for (let i = 0; i < 5; i++) {
      await client
        .post('/login/two-factor')
        .form({ code: '000000' })
        .withSession(first.session())
        .withCsrfToken()
        .redirects(0)
    }
    const blocked = await client
      .post('/login/two-factor')
      .form({ code: '000000' })
      .withSession(first.session())
      .withCsrfToken()
      .redirects(0)
    blocked.assertStatus(429)
    assert.isAbove(Number(blocked.header('retry-after')), 0)
  })

  test('at /authorize the code is asked after the password, then the app gets its token', async ({
    client,
    assert,
  }) => {
    const { app } = await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    const user = await verifiedPerson()
    const { secret } = await withTotp(user)

    const start = await client
      .get('/authorize')
      .qs({ client_id: app.apiKey, redirect_uri: CALLBACK, state: 's1' })
      .redirects(0)
    start.assertHeader('location', '/login')
    const password = await passwordStep(client, 'pat@example.com', start.session())
    password.assertHeader('location', '/login/two-factor')
    const code = await client
      .post('/login/two-factor')
      .form({ code: await codeAt(secret) })
      .withSession(password.session())
      .withCsrfToken()
      .redirects(0)
    const back = code.header('location')!
    assert.match(back, /^\/authorize\?/)

    const final = await client.get(back).withSession(code.session()).redirects(0)
    const callback = new URL(final.header('location')!)
    assert.equal(`${callback.origin}${callback.pathname}`, CALLBACK)
    assert.equal(callback.searchParams.get('state'), 's1')
    assert.exists(callback.searchParams.get('token'))
  })
})
