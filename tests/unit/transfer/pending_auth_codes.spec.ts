import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { PendingAuthCodes } from '#services/shared/relying_party/pending_auth_codes'

const STATE = 's'.repeat(43)

test.group('PendingAuthCodes', (group) => {
  // A plain delete, not testUtils' truncate: that re-runs the migrator (and its
  // advisory lock) before every test, which races the concurrent connections
  // of the exchange test. A global transaction would serialise those connections.
  group.each.setup(async () => {
    await db.from('pending_auth_codes').delete()
  })

  test('issues 64-hex-character codes that expire after 60 seconds', async ({ assert }) => {
    const code = await new PendingAuthCodes().issue({ userId: 'u-1' }, STATE)
    assert.match(code, /^[0-9a-f]{64}$/)
    const row = await db.from('pending_auth_codes').where('code', code).firstOrFail()
    const lifetime = new Date(row.expires_at).getTime() - Date.now()
    assert.isAbove(lifetime, 58_000)
    assert.isAtMost(lifetime, 60_000)
  })

  test('a code is consumed exactly once, even by concurrent exchanges', async ({ assert }) => {
    const codes = new PendingAuthCodes()
    const code = await codes.issue({ userId: 'u-1' }, STATE, 'ticket-1')
    const results = await Promise.all(Array.from({ length: 5 }, () => codes.consume(code, [STATE])))
    assert.deepEqual(
      results.filter((result) => result !== null),
      [{ user: { userId: 'u-1' }, state: STATE, ssoTicket: 'ticket-1' }]
    )
  })

  test('a code is given only for its own state, and another state leaves it in place', async ({
    assert,
  }) => {
    const codes = new PendingAuthCodes()
    const code = await codes.issue({ userId: 'u-1' }, STATE)
    assert.isNull(await codes.consume(code, []))
    assert.isNull(await codes.consume(code, ['t'.repeat(43), STATE.slice(1)]))
    assert.deepEqual(await codes.consume(code, ['t'.repeat(43), STATE]), {
      user: { userId: 'u-1' },
      state: STATE,
      ssoTicket: null,
    })
  })

  test('malformed, unknown and expired codes give nothing', async ({ assert }) => {
    const codes = new PendingAuthCodes()
    const code = await codes.issue({ userId: 'u-1' }, STATE)
    await db
      .from('pending_auth_codes')
      .where('code', code)
      .update({ expires_at: new Date(Date.now() - 1) })
    assert.isNull(await codes.consume(code, [STATE]))
    assert.lengthOf(await db.from('pending_auth_codes').where('code', code), 0)
    assert.isNull(await codes.consume('z'.repeat(64), [STATE]))
    assert.isNull(await codes.consume("' or 1=1 --", [STATE]))
  })

  test('purging removes expired codes only', async ({ assert }) => {
    const codes = new PendingAuthCodes()
    const live = await codes.issue({ userId: 'u-1' }, STATE)
    const dead = await codes.issue({ userId: 'u-2' }, STATE)
    await db
      .from('pending_auth_codes')
      .where('code', dead)
      .update({ expires_at: new Date(Date.now() - 1) })
    assert.equal(await codes.purgeExpired(), 1)
    const left = await db.from('pending_auth_codes').select('code')
    assert.deepEqual(
      left.map((row) => row.code),
      [live]
    )
  })
})
