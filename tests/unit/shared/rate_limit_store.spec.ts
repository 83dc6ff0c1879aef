import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import testUtils from '@adonisjs/core/services/test_utils'

const counted = (key: string) =>
  db.connection('rate_limits').from('rate_limits').where('key', 'like', `%${key}`)

/*
 * The limiter keeps the store it built for a limit, with the query client it
 * was built with. Built during a test's global transaction on the main
 * connection, it went on using that transaction's pg client after the test
 * ended; once the pool closed that client, every limited route answered 500
 * ("Client was closed and is not queryable"), which failed sso's widget
 * browser test after the long cross-app test on a busy machine.
 */
test.group('rate-limit counts', () => {
  test('are kept outside the transaction of the request that counted them', async ({ assert }) => {
    const rollback = await testUtils.db().withGlobalTransaction()
    // Built here, the limit's store is built while the transaction is open.
    const limit = limiter.use({ requests: 3, duration: '61 seconds' })
    await limit.consume('outside-transaction')
    await rollback()

    const [row] = await counted('outside-transaction')
    assert.equal(row.points, 1)
  })

  test('keep working after every connection of the main pool has been closed', async ({
    assert,
  }) => {
    const rollback = await testUtils.db().withGlobalTransaction()
    const limit = limiter.use({ requests: 3, duration: '62 seconds' })
    await limit.consume('after-pool-closed')
    await rollback()

    // What the pool does to idle clients after 30 s, done for all of them now.
    await db.manager.close('postgres')
    await limit.consume('after-pool-closed')

    const [row] = await counted('after-pool-closed')
    assert.equal(row.points, 2)
    assert.lengthOf(await db.from('rate_limits').where('key', 'like', '%after-pool-closed'), 1)
  })
})
