import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import argon2 from 'argon2'
import { DateTime } from 'luxon'
import User from '#models/sso/user'
import AccountToken from '#models/sso/account_token'
import AuditEvent from '#models/sso/audit_event'
import { PASSWORD, linkIn, mailsTo, verifiedPerson } from '#tests/helpers/sso_people'

function inertia<T extends { header(name: string, value: string): T }>(request: T) {
  return request.header('x-inertia', 'true').header('x-inertia-version', '1')
}

test.group('sso registration and email verification', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('registering creates an unconfirmed account and mails a single-use link', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const response = await client
      .post('/register')
      .form({ email: 'New.Person@Example.com', password: 'a long enough passphrase', name: 'New' })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/login')
    assert.include(response.flashMessage('notice'), 'New.Person@Example.com')

    const user = await User.findByOrFail('email', 'new.person@example.com')
    assert.isNull(user.emailVerifiedAt)
    assert.equal(user.name, 'New')

    // An unconfirmed account cannot sign in yet.
    const early = await client
      .post('/login')
      .form({ email: user.email, password: 'a long enough passphrase' })
      .withCsrfToken()
      .redirects(0)
    early.assertHeader('location', '/login')
    assert.notProperty(early.session(), 'auth_web')
    assert.equal(early.flashMessage('unverifiedEmail'), user.email)

    const link = linkIn(mails, user.email, 'Confirm your email address')
    const confirmed = await client.get(link).redirects(0)
    confirmed.assertHeader('location', '/login')
    await user.refresh()
    assert.isNotNull(user.emailVerifiedAt)

    const again = await client.get(link).redirects(0)
    assert.include(again.flashMessage('alert'), 'not valid')
  })

  test('an expired confirmation link does nothing', async ({ client, assert }) => {
    const { mails } = mail.fake()
    await client
      .post('/register')
      .form({ email: 'late@example.com', password: 'a long enough passphrase' })
      .withCsrfToken()
    await AccountToken.query().update({ expiresAt: DateTime.now().minus({ minutes: 1 }) })
    await client.get(linkIn(mails, 'late@example.com', 'Confirm your email address'))
    const user = await User.findByOrFail('email', 'late@example.com')
    assert.isNull(user.emailVerifiedAt)
  })

  test('registering a taken address answers the same and tells the owner', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    await verifiedPerson()
    const response = await client
      .post('/register')
      .form({ email: 'pat@example.com', password: 'another long passphrase' })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/login')
    assert.include(response.flashMessage('notice'), 'pat@example.com')
    assert.equal(
      await User.query()
        .where('email', 'pat@example.com')
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      1
    )
    assert.equal(mailsTo(mails, 'pat@example.com')[0].heading, 'You already have an account')
    const stored = await User.findByOrFail('email', 'pat@example.com')
    assert.isTrue(await hash.verify(stored.password, PASSWORD))
    // The attempt is on the owner's record, as a new account's creation is on its own.
    const attempts = await AuditEvent.query()
      .where('user_id', stored.id)
      .where('event', 'registration_attempted')
    assert.lengthOf(attempts, 1)
  })

  test('password rules: 8 characters or more, common passwords refused, any Unicode, never truncated', async ({
    client,
    assert,
  }) => {
    mail.fake()
    for (const [password, message] of [
      ['short', 'at least 8'],
      ['password123', 'too common'],
      ['Baseball', 'too common'],
    ]) {
      const response = await client
        .post('/register')
        .header('accept', 'application/json')
        .form({ email: 'rules@example.com', password })
        .withCsrfToken()
      response.assertStatus(422)
      assert.include(JSON.stringify(response.body()), message)
    }

    // 150 characters of mixed scripts and emoji, accepted and kept whole.
    const long = 'пароль-密码-🔐-'.repeat(15).slice(0, 150)
    const created = await client
      .post('/register')
      .form({ email: 'unicode@example.com', password: long })
      .withCsrfToken()
      .redirects(0)
    created.assertStatus(302)
    const user = await User.findByOrFail('email', 'unicode@example.com')
    assert.isTrue(await hash.verify(user.password, long))
    assert.isFalse(await hash.verify(user.password, long.slice(0, 72)))
    assert.isFalse(await hash.verify(user.password, long.slice(0, -1)))
  })

  test('resending the confirmation link is rate limited with Retry-After', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    await client
      .post('/register')
      .form({ email: 'resend@example.com', password: 'a long enough passphrase' })
      .withCsrfToken()
    // Registration counted once; two more resends pass, the fourth request is refused.
    for (let i = 0; i < 2; i++) {
      const ok = await client
        .post('/verify-email/resend')
        .form({ email: 'resend@example.com' })
        .withCsrfToken()
        .redirects(0)
      ok.assertStatus(302)
    }
    const refused = await client
      .post('/verify-email/resend')
      .form({ email: 'resend@example.com' })
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(429)
    assert.isAbove(Number(refused.header('retry-after')), 0)
    // Each new link replaced the last: only the newest works.
    assert.lengthOf(mailsTo(mails, 'resend@example.com'), 3)
    assert.equal(
      await AccountToken.query()
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      1
    )
  })
})

test.group('sso sign-in rules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('five wrong passwords from one place block that place, not the person elsewhere', async ({
    client,
    assert,
  }) => {
    await verifiedPerson()
    const attempt = (ip: string, password: string) =>
      client
        .post('/login')
        .header('x-forwarded-for', ip)
        .form({ email: 'pat@example.com', password })
        .withCsrfToken()
        .redirects(0)

    for (let i = 0; i < 5; i++) {
      const failed = await attempt('203.0.113.9', 'wrong guess')
      failed.assertStatus(302)
    }
    const blocked = await attempt('203.0.113.9', PASSWORD)
    blocked.assertStatus(429)
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.isAtMost(Number(blocked.header('retry-after')), 15 * 60)
    assert.match(blocked.text(), /Too many attempts\. Try again in 1[45] minutes\./)

    const elsewhere = await attempt('198.51.100.7', PASSWORD)
    elsewhere.assertHeader('location', '/')
    assert.property(elsewhere.session(), 'auth_web')

    const failures = await AuditEvent.query().where('event', 'sign_in_failed')
    assert.lengthOf(failures, 5)
    assert.equal(failures[0].ip, '203.0.113.9')
  })

  test('a spread-out attack blocks new browsers, but not one that signed in before', async ({
    client,
    assert,
  }) => {
    await verifiedPerson()
    const first = await client
      .post('/login')
      .form({ email: 'pat@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    const deviceCookie = first.cookie('sso.device')!
    assert.exists(deviceCookie)

    for (let i = 0; i < 20; i++) {
      await client
        .post('/login')
        .header('x-forwarded-for', `192.0.2.${i + 1}`)
        .form({ email: 'pat@example.com', password: 'wrong guess' })
        .withCsrfToken()
        .redirects(0)
    }
    const stranger = await client
      .post('/login')
      .header('x-forwarded-for', '192.0.2.200')
      .form({ email: 'pat@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    stranger.assertStatus(429)

    const known = await client
      .post('/login')
      .header('x-forwarded-for', '192.0.2.201')
      .withEncryptedCookie('sso.device', deviceCookie.value)
      .form({ email: 'pat@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    known.assertHeader('location', '/')
  })

  test('a hash made with older parameters is rehashed at sign-in', async ({ client, assert }) => {
    const user = await verifiedPerson()
    const weak = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 2,
    })
    await db.from('users').where('id', user.id).update({ password: weak })

    const response = await client
      .post('/login')
      .form({ email: 'pat@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/')
    await user.refresh()
    assert.notEqual(user.password, weak)
    assert.isFalse(await hash.needsReHash(user.password))
    assert.isTrue(await hash.verify(user.password, PASSWORD))
  })

  test('sign-in and sign-out are in the audit log with IP and browser', async ({
    client,
    assert,
  }) => {
    const user = await verifiedPerson()
    const signedIn = await client
      .post('/login')
      .header('user-agent', 'TestBrowser/1.0')
      .form({ email: 'pat@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    await client.get('/logout').withSession(signedIn.session()).redirects(0)
    const events = await AuditEvent.query().where('user_id', user.id).orderBy('id')
    assert.deepEqual(
      events.map((event) => event.event),
      ['sign_in', 'sign_out']
    )
    assert.equal(events[0].userAgent, 'TestBrowser/1.0')
    assert.equal(events[0].ip, '127.0.0.1')
  })

  test('pages with sign-in forms', async ({ client, assert }) => {
    for (const [path, component] of [
      ['/login', 'sso/sign_in'],
      ['/register', 'sso/register'],
      ['/forgot-password', 'sso/forgot_password'],
    ]) {
      const page = await inertia(client.get(path))
      page.assertStatus(200)
      assert.equal(page.body().component, component)
    }
  })
})

export { inertia }
