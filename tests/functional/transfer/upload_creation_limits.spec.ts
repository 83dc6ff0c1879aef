import { randomInt } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import PublicUpload from '#models/transfer/public_upload'
import { TusVisitor } from '#tests/helpers/tus_visitor'
import { withEnv } from '#tests/helpers/test_env'

/** A benchmarking address (RFC 2544) of its own for each test, so counts never collide. */
function freshIp() {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

/** A visitor whose requests come from `ip` (through the trusted loopback proxy). */
function visitorFrom(ip: string) {
  const visitor = new TusVisitor()
  const create = visitor.create.bind(visitor)
  visitor.create = (size, metadata, headers = {}) =>
    create(size, metadata, { 'x-forwarded-for': ip, ...headers })
  return visitor
}

function keyOf(location: string) {
  return location.split('/').pop()!
}

test.group('the raw upload store', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('is not served: the finished file and its tus metadata answer 404', async ({ assert }) => {
    const visitor = new TusVisitor()
    const location = await visitor.upload(Buffer.from('private bytes'), { filename: 'a.txt' })
    const row = await PublicUpload.findByOrFail('storageKey', keyOf(location))
    assert.equal(row.status, 'complete')

    for (const path of [
      `/uploads/public-uploads/${row.storageKey}`,
      `/uploads/public-uploads/${row.storageKey}.json`,
    ]) {
      const response = await fetch(new URL(path, visitor.baseUrl))
      assert.equal(response.status, 404, path)
      assert.notInclude(await response.text(), 'private bytes')
    }
  })
})

test.group('anonymous upload creation limits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('creations per address are limited (429 with Retry-After); another address goes on', async ({
    assert,
  }) => {
    await withEnv({ TRANSFER_UPLOAD_CREATIONS_PER_IP: '3' }, async () => {
      const visitor = visitorFrom(freshIp())
      for (let index = 0; index < 3; index++) {
        const { response } = await visitor.create(0, { filename: `empty${index}.txt` })
        assert.equal(response.status, 201)
      }
      const { response: refused } = await visitor.create(5, { filename: 'one more.txt' })
      assert.equal(refused.status, 429)
      assert.equal(refused.headers.get('tus-resumable'), '1.0.0')
      assert.isAbove(Number(refused.headers.get('retry-after')), 0)
      assert.deepEqual(await refused.json(), {
        error: 'Too many uploads started from your address, please try again later',
      })

      const { response: elsewhere } = await visitorFrom(freshIp()).create(5, { filename: 'b.txt' })
      assert.equal(elsewhere.status, 201)
    })
  })

  test('50 concurrent creations from one address: no more than the limit are created', async ({
    assert,
  }) => {
    await withEnv(
      { TRANSFER_UPLOAD_CREATIONS_PER_IP: '5', TRANSFER_UNFINISHED_UPLOADS_PER_IP: '100' },
      async () => {
        const ip = freshIp()
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            visitorFrom(ip).create(10, { filename: `burst${index}.bin` })
          )
        )
        const statuses = answers.map(({ response }) => response.status)
        assert.isAtMost(statuses.filter((status) => status === 201).length, 5)
        assert.lengthOf(
          statuses.filter((status) => status === 429),
          50 - statuses.filter((status) => status === 201).length
        )
      }
    )
  })

  test('unfinished uploads per address are capped; finishing one makes room', async ({
    assert,
  }) => {
    await withEnv({ TRANSFER_UNFINISHED_UPLOADS_PER_IP: '2' }, async () => {
      const visitor = visitorFrom(freshIp())
      const first = await visitor.create(3, { filename: 'one.bin' })
      const second = await visitor.create(3, { filename: 'two.bin' })
      assert.deepEqual([first.response.status, second.response.status], [201, 201])

      const { response: refused } = await visitor.create(3, { filename: 'three.bin' })
      assert.equal(refused.status, 429)
      assert.deepEqual(await refused.json(), {
        error: 'Too many unfinished uploads from your address: finish or cancel one first',
      })

      const finished = await visitor.patch(first.location!, 0, Buffer.from('abc'))
      assert.equal(finished.status, 204)
      const { response: admitted } = await visitor.create(3, { filename: 'three.bin' })
      assert.equal(admitted.status, 201)
    })
  })

  test('507 while the disk could not keep the free-space threshold; a tiny one admits', async ({
    assert,
  }) => {
    await withEnv({ TRANSFER_MIN_FREE_BYTES: String(2 ** 60) }, async () => {
      const { response } = await visitorFrom(freshIp()).create(10, { filename: 'big.bin' })
      assert.equal(response.status, 507)
      assert.equal(response.headers.get('tus-resumable'), '1.0.0')
      assert.deepEqual(await response.json(), {
        error: 'The server is short of storage space right now, please try again later',
      })
      assert.lengthOf(await PublicUpload.query().where('file_name', 'big.bin'), 0)
    })
    await withEnv({ TRANSFER_MIN_FREE_BYTES: '1' }, async () => {
      const { response } = await visitorFrom(freshIp()).create(10, { filename: 'big.bin' })
      assert.equal(response.status, 201)
    })
  })
})
