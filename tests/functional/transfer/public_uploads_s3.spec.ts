import { createHash, randomBytes } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import PublicUpload from '#models/transfer/public_upload'
import { runningHashes } from '#services/transfer/upload_content_hash'
import { S3UploadStorage, UploadStorage } from '#services/transfer/upload_storage'
import { TestS3Server } from '#tests/helpers/s3_server'
import { TusVisitor } from '#tests/helpers/tus_visitor'

const MB = 1024 * 1024

function sha256(bytes: Buffer) {
  return createHash('sha256').update(bytes).digest('hex')
}

function keyOf(location: string) {
  return location.split('/').pop()!
}

/*
 * The same tus flow on the s3 disk, against s3rver on loopback: parts of a
 * multipart upload, an incomplete last part kept between requests, and the
 * object assembled at the end.
 */
test.group('public uploads over tus on the s3 disk', (group) => {
  const s3 = new TestS3Server()
  let storage: S3UploadStorage
  group.setup(async () => {
    await s3.start()
    storage = new S3UploadStorage(s3.options)
    app.container.swap(UploadStorage, () => storage)
    return async () => {
      app.container.restore(UploadStorage)
      await s3.stop()
    }
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('creation, HEAD, PATCHes across parts, and the finished object with its SHA-256', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const bytes = randomBytes(19 * MB + 12_345)
    const { response, location } = await visitor.create(bytes.length, { filename: 'clip.mov' })
    assert.equal(response.status, 201)
    const key = keyOf(location!)
    const created = await PublicUpload.findByOrFail('storageKey', key)
    assert.equal(created.disk, 's3')

    // Less than a part: kept as an incomplete part until the next request.
    const first = await visitor.patch(location!, 0, bytes.subarray(0, 3 * MB))
    assert.equal(first.status, 204)
    assert.equal(await visitor.offset(location!), String(3 * MB))
    const second = await visitor.patch(location!, 3 * MB, bytes.subarray(3 * MB, 12 * MB))
    assert.equal(second.status, 204)
    assert.equal(await visitor.offset(location!), String(12 * MB))

    const stranger = new TusVisitor()
    const refused = await stranger.patch(location!, 12 * MB, bytes.subarray(12 * MB))
    assert.equal(refused.status, 404)

    const last = await visitor.patch(location!, 12 * MB, bytes.subarray(12 * MB))
    assert.equal(last.status, 204)

    const row = await PublicUpload.findByOrFail('storageKey', key)
    assert.equal(row.status, 'complete')
    assert.equal(row.hashStatus, 'done')
    assert.equal(row.contentSha256, sha256(bytes))
    assert.equal(await storage.size(key), bytes.length)
    const stored = await buffer(await storage.read(key))
    assert.isTrue(stored.equals(bytes), 'the stored object is the sent file')
  })

  test('without the running hash (a restart, another instance), the finished object is hashed by reading it', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const bytes = randomBytes(10 * MB)
    const { location } = await visitor.create(bytes.length, { filename: 'resumed.bin' })
    await visitor.patch(location!, 0, bytes.subarray(0, 4 * MB))
    // What a restart leaves: a partial object in S3 cannot be read back to rebuild the hash.
    runningHashes.clear()

    const last = await visitor.patch(location!, 4 * MB, bytes.subarray(4 * MB))
    assert.equal(last.status, 204)
    let row = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.equal(row.status, 'complete')
    for (let attempt = 0; attempt < 100 && row.hashStatus === 'verifying'; attempt++) {
      await sleep(50)
      row = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    }
    assert.equal(row.hashStatus, 'done')
    assert.equal(row.contentSha256, sha256(bytes))
  })

  test('the owner cancels an unfinished upload: its parts are aborted and the row removed', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const { location } = await visitor.create(9 * MB, { filename: 'cancel.bin' })
    await visitor.patch(location!, 0, randomBytes(MB))
    const cancelled = await visitor.request('DELETE', location!)
    assert.equal(cancelled.status, 204)
    assert.isNull(await PublicUpload.findBy('storageKey', keyOf(location!)))
  })
})
