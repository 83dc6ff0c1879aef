import { test } from '@japa/runner'
import { guardedLookup, isNonPublicAddress } from '#services/shared/outbound_address'

/** One connection's lookup, as http(s).request calls it. */
function resolve(lookup: ReturnType<typeof guardedLookup>, hostname: string) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: string }>((done) =>
    lookup(hostname, {}, (error, address) => done({ error, address: String(address) }))
  )
}

test.group('outbound addresses (webhooks an admin types)', () => {
  test('loopback, private, link-local and other non-public addresses are told apart', ({
    assert,
  }) => {
    for (const address of [
      '127.0.0.1',
      '10.20.30.40',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      'not an address',
    ]) {
      assert.isTrue(isNonPublicAddress(address), address)
    }
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:1.1.1.1',
    ]) {
      assert.isFalse(isNonPublicAddress(address), address)
    }
  })

  test('the connection-time lookup refuses a name that resolves to loopback, under the strict policy only', async ({
    assert,
  }) => {
    const strict = await resolve(guardedLookup({ strict: true }), 'localhost')
    assert.equal(strict.error?.code, 'EADDRNOTALLOWED')
    const relaxed = await resolve(guardedLookup({ strict: false }), 'localhost')
    assert.isNull(relaxed.error)
    assert.isTrue(isNonPublicAddress(relaxed.address))
  })
})
