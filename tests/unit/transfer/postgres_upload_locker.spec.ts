import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { ERRORS } from '@tus/utils'
import { PostgresUploadLocker } from '#services/transfer/postgres_upload_locker'

/*
 * Two lockers stand for two transfer instances: each has its own connections,
 * so only PostgreSQL (advisory locks, NOTIFY) connects them.
 */
test.group('PostgresUploadLocker', (group) => {
  let first: PostgresUploadLocker
  let second: PostgresUploadLocker
  group.each.setup(() => {
    const url = app.config.get<string>('database.connections.postgres.connection.connectionString')
    first = new PostgresUploadLocker(url, 2_000)
    second = new PostgresUploadLocker(url, 2_000)
    return async () => {
      await first.close()
      await second.close()
    }
  })

  test('one holder per upload across instances; the waiting one asks the holder to finish', async ({
    assert,
  }) => {
    const events: string[] = []
    const held = first.newLock('upload-a')
    await held.lock(new AbortController().signal, async () => {
      events.push('holder asked to release')
      await sleep(100)
      await held.unlock()
    })

    const waiting = second.newLock('upload-a')
    await waiting.lock(new AbortController().signal, () => {})
    events.push('second instance holds it')
    assert.deepEqual(events, ['holder asked to release', 'second instance holds it'])
    await waiting.unlock()
  })

  test('different uploads do not wait for each other', async () => {
    const a = first.newLock('upload-a')
    const b = second.newLock('upload-b')
    await a.lock(new AbortController().signal, () => {})
    await b.lock(new AbortController().signal, () => {})
    await a.unlock()
    await b.unlock()
  })

  test('a holder that never lets go makes the other request time out', async ({ assert }) => {
    const held = first.newLock('upload-c')
    await held.lock(new AbortController().signal, () => {})
    const failure = await second
      .newLock('upload-c')
      .lock(new AbortController().signal, () => {})
      .catch((error: unknown) => error)
    assert.strictEqual(failure, ERRORS.ERR_LOCK_TIMEOUT)
    await held.unlock()
    const again = second.newLock('upload-c')
    await again.lock(new AbortController().signal, () => {})
    await again.unlock()
  }).timeout(10_000)

  test('an aborted request stops waiting', async ({ assert }) => {
    const held = first.newLock('upload-d')
    await held.lock(new AbortController().signal, () => {})
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 100)
    const started = performance.now()
    const failure = await second
      .newLock('upload-d')
      .lock(abort.signal, () => {})
      .catch((error: unknown) => error)
    assert.strictEqual(failure, ERRORS.ERR_LOCK_TIMEOUT)
    assert.isBelow(performance.now() - started, 1_500)
    await held.unlock()
  })
})
