import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import User from '#models/sso/user'
import { AccountTokens } from '#services/sso/account_tokens'
import { PASSWORD, verifiedPerson } from '#tests/helpers/sso_people'

/*
 * Saves that arrive at the same moment. These tests commit (no global
 * transaction): one transaction around every request would queue them on
 * one connection and the race would never happen. Each test removes what it
 * wrote.
 */

const PEOPLE = 10

test.group('sso: saves at the same moment', (group) => {
  let userIds: number[] = []

  group.each.teardown(async () => {
    await db.from('audit_events').whereIn('user_id', userIds).delete()
    await db.from('users').whereIn('id', userIds).delete()
    userIds = []
  })

  test('people taking one username at the same moment: one gets it, the others are told it is taken', async ({
    client,
    assert,
  }) => {
    const people = []
    for (let index = 0; index < PEOPLE; index++) {
      const person = await verifiedPerson(`racer${index}@example.com`)
      userIds.push(person.id)
      people.push(person)
    }

    const responses = await Promise.all(
      people.map((person) =>
        client
          .patch('/api/account/profile')
          .json({ username: 'fastest' })
          .loginAs(person)
          .withCsrfToken()
      )
    )

    const statuses = responses.map((response) => response.status())
    assert.deepEqual([...statuses].sort(), [200, ...Array(PEOPLE - 1).fill(422)], String(statuses))
    for (const refused of responses.filter((response) => response.status() === 422)) {
      assert.deepEqual(refused.body().errors, [
        { field: 'username', message: 'This username is taken.', rule: 'unique' },
      ])
    }
    const holders = await User.query().where('username', 'fastest')
    assert.lengthOf(holders, 1)
  })
})

test.group('sso: the same email taken at the same moment', (group) => {
  const RACED = 'contested@example.com'
  let userIds: number[] = []

  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })
  group.each.teardown(async () => {
    const racers = await User.query().where('email', RACED).select('id')
    userIds.push(...racers.map((racer) => racer.id))
    await db.from('audit_events').whereIn('user_id', userIds).delete()
    await db.from('account_tokens').whereIn('user_id', userIds).delete()
    await db.from('users').whereIn('id', userIds).delete()
    userIds = []
  })

  test('operators creating one person at the same moment: one is created, the others are told the email exists', async ({
    assert,
  }) => {
    const runs = await Promise.all(
      Array.from({ length: PEOPLE }, (_, index) =>
        ace.exec('sso:people:create', [RACED, `--name=Racer ${index}`, `--password=${PASSWORD}`])
      )
    )
    const output = ace.ui.logger.getLogs().map((log) => log.message)
    ace.ui.logger.flushLogs()

    const exitCodes = runs.map((run) => run.exitCode)
    assert.deepEqual([...exitCodes].sort(), [0, ...Array(PEOPLE - 1).fill(1)], output.join('\n'))
    const refusal = `A person with the email ${RACED} already exists`
    assert.lengthOf(
      output.filter((line) => line.endsWith(refusal)),
      PEOPLE - 1,
      output.join('\n')
    )
    const holders = await User.query().where('email', RACED)
    assert.lengthOf(holders, 1)
  })

  test('people confirming a change to one address at the same moment: one gets it, the others are told the link is no longer valid', async ({
    client,
    assert,
  }) => {
    const links = []
    for (let index = 0; index < PEOPLE; index++) {
      const person = await verifiedPerson(`changer${index}@example.com`)
      userIds.push(person.id)
      // What POST /api/account/email mails to the new address: each asked while the address was free.
      const token = await new AccountTokens().issue(person, 'change_email', RACED)
      links.push(`/confirm-email/${token}`)
    }

    const responses = await Promise.all(links.map((link) => client.get(link).redirects(0)))

    const answers = responses.map((response) => [
      response.status(),
      response.flashMessage('notice') ?? response.flashMessage('alert'),
    ])
    assert.sameDeepMembers(answers, [
      [302, `Your email address is now ${RACED}.`],
      ...Array(PEOPLE - 1).fill([302, 'This confirmation link is not valid any more.']),
    ])
    const holders = await User.query().whereIn('email', [
      RACED,
      ...userIds.map((_, index) => `changer${index}@example.com`),
    ])
    assert.lengthOf(holders, PEOPLE, 'the others keep their address')
    assert.lengthOf(
      holders.filter((holder) => holder.email === RACED),
      1
    )
  })
})
