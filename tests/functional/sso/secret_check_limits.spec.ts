import { randomInt } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import { PASSWORD, verifiedPerson, withTotp } from '#tests/helpers/sso_people'

/*
 * Every check of a secret goes through the sign-in limits (5 failures per
 * account and place in 15 minutes), and the count is taken in the same
 * statement that reads it, so a burst of guesses cannot slip past the limit.
 * Counters live outside the test's transaction: each test has its own person
 * and address.
 */
function freshIp() {
  return `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

function freshEmail() {
  return `limits${randomInt(1, 1e9)}@example.com`
}

function statusCounts(statuses: number[]) {
  const counts: Record<number, number> = {}
  for (const status of statuses) {
    counts[status] = (counts[status] ?? 0) + 1
  }
  return counts
}

test.group('sso current-password checks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('email change: five wrong current passwords, then 429 even for the right one', async ({
    client,
    assert,
  }) => {
    const user = await verifiedPerson(freshEmail())
    const ip = freshIp()
    const ask = (currentPassword: string) =>
      client
        .post('/api/account/email')
        .header('x-forwarded-for', ip)
        .json({ email: freshEmail(), currentPassword })
        .loginAs(user)
        .withCsrfToken()

    for (let guess = 1; guess <= 5; guess++) {
      const wrong = await ask(`wrong ${guess}`)
      wrong.assertStatus(422)
    }
    const blocked = await ask(PASSWORD)
    blocked.assertStatus(429)
    blocked.assertBody({ message: 'Too many wrong attempts. Try again later.' })
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.isAtMost(Number(blocked.header('retry-after')), 15 * 60)
  })

  test('password change, disabling 2FA and email change share the one sign-in count', async ({
    client,
  }) => {
    const user = await verifiedPerson(freshEmail())
    await withTotp(user)
    const ip = freshIp()
    for (let guess = 1; guess <= 3; guess++) {
      const wrong = await client
        .post('/api/account/password')
        .header('x-forwarded-for', ip)
        .json({ currentPassword: `wrong ${guess}`, newPassword: 'a brand new passphrase' })
        .loginAs(user)
        .withCsrfToken()
      wrong.assertStatus(422)
    }
    for (let guess = 1; guess <= 2; guess++) {
      const wrong = await client
        .post('/api/account/totp/disable')
        .header('x-forwarded-for', ip)
        .json({ password: `wrong ${guess}`, code: '000000' })
        .loginAs(user)
        .withCsrfToken()
      wrong.assertStatus(422)
    }
    const blocked = await client
      .post('/api/account/email')
      .header('x-forwarded-for', ip)
      .json({ email: freshEmail(), currentPassword: PASSWORD })
      .loginAs(user)
      .withCsrfToken()
    blocked.assertStatus(429)

    const signIn = await client
      .post('/login')
      .header('x-forwarded-for', ip)
      .form({ email: user.email, password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    signIn.assertStatus(429)
  })

  test('50 concurrent wrong current passwords: no more than 5 are checked, the rest are 429', async ({
    client,
    assert,
  }) => {
    const user = await verifiedPerson(freshEmail())
    const ip = freshIp()
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, guess) =>
        client
          .post('/api/account/email')
          .header('x-forwarded-for', ip)
          .json({ email: freshEmail(), currentPassword: `wrong ${guess}` })
          .loginAs(user)
          .withCsrfToken()
      )
    )
    const counts = statusCounts(responses.map((response) => response.status()))
    assert.deepEqual(Object.keys(counts).sort(), ['422', '429'])
    assert.isAtMost(counts[422], 5)
    assert.equal(counts[422] + counts[429], 50)
  })
})

test.group('sso second-factor checks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('50 concurrent wrong codes at /login/two-factor: no more than 5 are checked', async ({
    client,
    assert,
  }) => {
    const user = await verifiedPerson(freshEmail())
    await withTotp(user)
    const ip = freshIp()
    const first = await client
      .post('/login')
      .header('x-forwarded-for', ip)
      .form({ email: user.email, password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    first.assertHeader('location', '/login/two-factor')

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, guess) =>
        client
          .post('/login/two-factor')
          .header('x-forwarded-for', ip)
          .form({ code: String(100000 + guess) })
          .withSession(first.session())
          .withCsrfToken()
          .redirects(0)
      )
    )
    const counts = statusCounts(responses.map((response) => response.status()))
    assert.deepEqual(Object.keys(counts).sort(), ['302', '429'])
    assert.isAtMost(counts[302], 5)
  })
})
