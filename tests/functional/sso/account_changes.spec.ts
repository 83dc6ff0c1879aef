import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import hash from '@adonisjs/core/services/hash'
import sharp from 'sharp'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import User from '#models/sso/user'
import { CookieAgent } from '#tests/helpers/cookie_agent'
import {
  PASSWORD,
  codeAt,
  linkIn,
  mailsTo,
  verifiedPerson,
  withTotp,
} from '#tests/helpers/sso_people'

const NEW_PASSWORD = 'a brand new passphrase'

async function signIn(client: any, password = PASSWORD, email = 'pat@example.com') {
  return client.post('/login').form({ email, password }).withCsrfToken().redirects(0)
}

test.group('sso password reset', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('the same answer whether or not the address has an account', async ({ client, assert }) => {
    const { mails } = mail.fake()
    await verifiedPerson()
    const answers = []
    for (const email of ['pat@example.com', 'nobody@example.com']) {
      const response = await client
        .post('/forgot-password')
        .form({ email })
        .withCsrfToken()
        .redirects(0)
      answers.push([
        response.status(),
        response.header('location'),
        String(response.flashMessage('notice')).replace(email, 'EMAIL'),
      ])
    }
    assert.deepEqual(answers[0], answers[1])
    assert.lengthOf(mailsTo(mails, 'pat@example.com'), 1)
    assert.lengthOf(mailsTo(mails, 'nobody@example.com'), 0)
  })

  test('a reset link works once, and sets the password without signing in', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await verifiedPerson()
    await client.post('/forgot-password').form({ email: user.email }).withCsrfToken()
    const link = linkIn(mails, user.email, 'Reset your password')
    const form = await client.get(link).header('x-inertia', 'true').header('x-inertia-version', '1')
    assert.equal(form.body().component, 'sso/reset_password')

    const reset = await client
      .post(link)
      .form({ password: NEW_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    reset.assertHeader('location', '/login')
    assert.notProperty(reset.session(), 'auth_web')
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, NEW_PASSWORD))

    const reused = await client
      .post(link)
      .form({ password: 'yet another passphrase' })
      .withCsrfToken()
      .redirects(0)
    reused.assertHeader('location', '/forgot-password')
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, NEW_PASSWORD))
    assert.exists(mailsTo(mails, user.email).find((m) => m.subject === 'Your password was changed'))
  })

  test('a newer link supersedes the older one', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const user = await verifiedPerson()
    await client.post('/forgot-password').form({ email: user.email }).withCsrfToken()
    const older = linkIn(mails, user.email, 'Reset your password')
    await client.post('/forgot-password').form({ email: user.email }).withCsrfToken()
    const newer = linkIn(mails, user.email, 'Reset your password')
    assert.notEqual(older, newer)

    const stale = await client
      .post(older)
      .form({ password: NEW_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    stale.assertHeader('location', '/forgot-password')
    const fresh = await client
      .post(newer)
      .form({ password: NEW_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    fresh.assertHeader('location', '/login')
  })

  test('changing the password kills an outstanding reset link', async ({ client }) => {
    const { mails } = mail.fake()
    const user = await verifiedPerson()
    await client.post('/forgot-password').form({ email: user.email }).withCsrfToken()
    const link = linkIn(mails, user.email, 'Reset your password')
    const changed = await client
      .post('/api/account/password')
      .json({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
      .loginAs(user)
      .withCsrfToken()
    changed.assertStatus(200)
    const dead = await client
      .post(link)
      .form({ password: 'yet another passphrase' })
      .withCsrfToken()
      .redirects(0)
    dead.assertHeader('location', '/forgot-password')
  })

  test('reset requests are rate limited per address', async ({ client, assert }) => {
    mail.fake()
    await verifiedPerson()
    for (let i = 0; i < 3; i++) {
      const ok = await client
        .post('/forgot-password')
        .form({ email: 'pat@example.com' })
        .withCsrfToken()
        .redirects(0)
      ok.assertStatus(302)
    }
    const refused = await client
      .post('/forgot-password')
      .form({ email: 'pat@example.com' })
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(429)
    assert.isAbove(Number(refused.header('retry-after')), 0)
  })

  test('a reset never skips the second factor', async ({ client }) => {
    const { mails } = mail.fake()
    const user = await verifiedPerson()
    await withTotp(user)
    await client.post('/forgot-password').form({ email: user.email }).withCsrfToken()
    await client
      .post(linkIn(mails, user.email, 'Reset your password'))
      .form({ password: NEW_PASSWORD })
      .withCsrfToken()
    const afterReset = await signIn(client, NEW_PASSWORD)
    afterReset.assertHeader('location', '/login/two-factor')
  })
})

test.group('sso password change and sessions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('a password change needs the current password and ends the other sessions', async ({
    assert,
  }) => {
    mail.fake()
    const user = await verifiedPerson()
    const here = new CookieAgent()
    const elsewhere = new CookieAgent()
    await here.signIn(user.email, PASSWORD)
    await elsewhere.signIn(user.email, PASSWORD)
    const both = await elsewhere.json('GET', '/api/account/sessions')
    assert.lengthOf(both.body.sessions, 2)

    const wrong = await here.json('POST', '/api/account/password', {
      currentPassword: 'not it',
      newPassword: NEW_PASSWORD,
    })
    assert.equal(wrong.status, 422)
    assert.equal(wrong.body.errors[0].field, 'currentPassword')

    const common = await here.json('POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'iloveyou123',
    })
    assert.equal(common.status, 422)

    const changed = await here.json('POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    assert.equal(changed.status, 200)
    const signedOut = await elsewhere.json('GET', '/api/account/sessions')
    assert.equal(signedOut.status, 401)
    const left = await here.json('GET', '/api/account/sessions')
    assert.equal(left.status, 200)
    assert.lengthOf(left.body.sessions, 1)
  })

  test('a person lists their sessions and ends another one', async ({ assert }) => {
    const user = await verifiedPerson()
    const here = new CookieAgent()
    const elsewhere = new CookieAgent()
    await here.signIn(user.email, PASSWORD)
    await elsewhere.signIn(user.email, PASSWORD)

    const listed = await here.json('GET', '/api/account/sessions')
    assert.equal(listed.status, 200)
    const sessions = listed.body.sessions
    assert.lengthOf(sessions, 2)
    assert.lengthOf(
      sessions.filter((s: any) => s.current),
      1
    )
    const other = sessions.find((s: any) => !s.current)
    assert.equal(other.ip, '127.0.0.1')
    assert.notInclude(JSON.stringify(sessions), String(elsewhere.cookie('connect.sid')))

    const ended = await here.json('DELETE', `/api/account/sessions/${other.handle}`)
    assert.equal(ended.status, 200)
    assert.lengthOf(ended.body.sessions, 1)
    const signedOut = await elsewhere.json('GET', '/api/account/sessions')
    assert.equal(signedOut.status, 401)

    const unknown = await here.json('DELETE', '/api/account/sessions/0123456789abcdef')
    assert.equal(unknown.status, 404)
  })

  test('a person sees their own recent security activity', async ({ assert }) => {
    const user = await verifiedPerson()
    const other = await verifiedPerson('other@example.com')
    const agent = new CookieAgent()
    await agent.signIn(other.email, 'wrong password')
    await agent.signIn(user.email, 'wrong password')
    await agent.signIn(user.email, PASSWORD)
    const activity = await agent.json('GET', '/api/account/activity')
    assert.deepEqual(
      activity.body.activity.map((row: any) => row.event),
      ['sign_in', 'sign_in_failed']
    )
    assert.equal(activity.body.activity[0].ip, '127.0.0.1')
  })
})

test.group('sso profile and email change', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('name, display name and username are saved; a taken username is refused', async ({
    client,
    assert,
  }) => {
    const user = await verifiedPerson()
    await verifiedPerson('taken@example.com')
    await User.query().where('email', 'taken@example.com').update({ username: 'taken' })

    const saved = await client
      .patch('/api/account/profile')
      .json({ name: 'Patricia Doe', displayName: 'Pat', username: 'PatD' })
      .loginAs(user)
      .withCsrfToken()
    saved.assertStatus(200)
    assert.equal(saved.body().profile.name, 'Pat')
    assert.equal(saved.body().profile.username, 'patd')
    await user.refresh()
    assert.equal(user.name, 'Patricia Doe')

    const taken = await client
      .patch('/api/account/profile')
      .json({ username: 'taken' })
      .loginAs(user)
      .withCsrfToken()
    taken.assertStatus(422)
    assert.equal(taken.body().errors[0].field, 'username')
  })

  test('an avatar is resized to a 256 px WebP and served; a non-image is refused', async ({
    client,
    assert,
  }) => {
    const user = await verifiedPerson()
    const png = join(tmpdir(), `avatar-${Date.now()}.png`)
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#36c' } })
      .png()
      .toFile(png)
    const uploaded = await client
      .post('/api/account/avatar')
      .file('avatar', png)
      .loginAs(user)
      .withCsrfToken()
    uploaded.assertStatus(200)
    const url = new URL(uploaded.body().profile.avatar)
    const served = await new CookieAgent().request('GET', url.pathname)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'image/webp')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    assert.equal(meta.format, 'webp')
    assert.equal(meta.width, 256)
    assert.equal(meta.height, 256)

    const fake = join(tmpdir(), `fake-${Date.now()}.png`)
    await writeFile(fake, '<svg onload="alert(1)"></svg>')
    const refused = await client
      .post('/api/account/avatar')
      .file('avatar', fake)
      .loginAs(user)
      .withCsrfToken()
    refused.assertStatus(422)
  })

  test('changing the email confirms the new address and tells the old one', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await verifiedPerson()
    const wrongPassword = await client
      .post('/api/account/email')
      .json({ email: 'new@example.com', currentPassword: 'nope' })
      .loginAs(user)
      .withCsrfToken()
    wrongPassword.assertStatus(422)

    const asked = await client
      .post('/api/account/email')
      .json({ email: 'New@Example.com', currentPassword: PASSWORD })
      .loginAs(user)
      .withCsrfToken()
    asked.assertStatus(200)
    await user.refresh()
    assert.equal(user.email, 'pat@example.com', 'unchanged until confirmed')
    assert.exists(
      mailsTo(mails, 'pat@example.com').find(
        (m) => m.subject === 'Your email address is being changed'
      )
    )

    const link = linkIn(mails, 'new@example.com', 'Confirm your new email address')
    const confirmed = await client.get(link).redirects(0)
    confirmed.assertStatus(302)
    await user.refresh()
    assert.equal(user.email, 'new@example.com')
    assert.equal(user.username, 'new@example.com')
    assert.exists(
      mailsTo(mails, 'pat@example.com').find((m) => m.subject === 'Your email address was changed')
    )
    const signIn2 = await signIn(client, PASSWORD, 'new@example.com')
    signIn2.assertHeader('location', '/')
  })

  test('profile and security pages render for the person', async ({ client, assert }) => {
    const user = await verifiedPerson()
    const { secret } = await withTotp(user)
    assert.exists(await codeAt(secret))
    for (const [path, component] of [
      ['/', 'sso/home'],
      ['/profile', 'sso/account'],
      ['/security', 'sso/security'],
    ]) {
      const page = await client
        .get(path)
        .header('x-inertia', 'true')
        .header('x-inertia-version', '1')
        .loginAs(user)
      page.assertStatus(200)
      assert.equal(page.body().component, component)
    }
  })
})
