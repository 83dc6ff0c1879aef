import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/sso/user'
import { verifiedPerson } from '#tests/helpers/sso_people'

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
