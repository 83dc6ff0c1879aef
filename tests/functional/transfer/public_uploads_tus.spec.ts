import { createHash, randomBytes } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import { transferConfig } from '#config/transfer'
import PublicUpload from '#models/transfer/public_upload'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { runningHashes } from '#services/transfer/upload_content_hash'
import { SECURITY_HEADERS } from '#middleware/shared/security_headers_middleware'
import { queuedMails, transferPerson } from '#tests/helpers/stored_uploads'
import { TusVisitor, tusMetadata } from '#tests/helpers/tus_visitor'

const GB = 1024 ** 3

function sha256(bytes: Buffer) {
  return createHash('sha256').update(bytes).digest('hex')
}

function keyOf(location: string) {
  return location.split('/').pop()!
}

test.group('public uploads over tus on the fs disk', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('creation answers 201 with the upload URL, a session cookie and the security headers', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const { response, location } = await visitor.create(11, {
      filename: 'notes.txt',
      filetype: 'text/plain',
      name: 'Ada',
      email: 'ada@example.com',
      message: 'For the archive',
    })
    assert.equal(response.status, 201)
    assert.match(location!, /^\/api\/public-uploads\/tus\/[0-9a-f]{32}$/)
    assert.equal(response.headers.get('tus-resumable'), '1.0.0')
    assert.match(response.headers.get('set-cookie')!, /sessionId=/)
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      assert.equal(response.headers.get(name), value)
    }
    assert.isNull(response.headers.get('access-control-allow-origin'))

    const row = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.containsSubset(row.serialize(), {
      disk: 'fs',
      fileName: 'notes.txt',
      mimeType: 'text/plain',
      size: 11,
      receivedBytes: 0,
      status: 'uploading',
      uploaderName: 'Ada',
      uploaderEmail: 'ada@example.com',
      message: 'For the archive',
      uploadedByUserId: null,
      hashStatus: 'streaming',
    })
  })

  test('HEAD gives the offset; PATCHes append; the finished upload is complete with its SHA-256', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const bytes = randomBytes(300_000)
    const { location } = await visitor.create(bytes.length, { filename: 'photo.raw' })

    const fresh = await visitor.head(location!)
    assert.equal(fresh.status, 200)
    assert.equal(fresh.headers.get('upload-offset'), '0')
    assert.equal(fresh.headers.get('upload-length'), String(bytes.length))
    assert.equal(fresh.headers.get('cache-control'), 'no-store')

    const first = await visitor.patch(location!, 0, bytes.subarray(0, 100_000))
    assert.equal(first.status, 204)
    assert.equal(first.headers.get('upload-offset'), '100000')
    const partial = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.equal(partial.status, 'uploading')
    assert.equal(partial.receivedBytes, 100_000)

    const wrongOffset = await visitor.patch(location!, 0, bytes.subarray(0, 10))
    assert.equal(wrongOffset.status, 409)
    assert.equal(await visitor.offset(location!), '100000')

    const last = await visitor.patch(location!, 100_000, bytes.subarray(100_000))
    assert.equal(last.status, 204)
    assert.equal(last.headers.get('upload-offset'), String(bytes.length))

    const row = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.equal(row.status, 'complete')
    assert.equal(row.receivedBytes, bytes.length)
    assert.equal(row.contentSha256, sha256(bytes))
    assert.equal(row.hashStatus, 'done')
    assert.isNotNull(row.completedAt)
    assert.equal(Math.round(row.expiresAt!.diff(row.completedAt!, 'days').days), 30)
    assert.deepEqual(
      await readFile(join(transferConfig.fs.directory, row.storageKey)),
      bytes,
      'the stored file is the sent file'
    )
  })

  test('the retention setting decides the expiry; 0 keeps the upload', async ({ assert }) => {
    await new TransferSettings().set('upload_retention_days', 0)
    const location = await new TusVisitor().upload(Buffer.from('kept'), { filename: 'kept.txt' })
    const row = await PublicUpload.findByOrFail('storageKey', keyOf(location))
    assert.equal(row.status, 'complete')
    assert.isNull(row.expiresAt)
  })

  test('an empty file finishes at creation with the SHA-256 of nothing', async ({ assert }) => {
    const { response, location } = await new TusVisitor().create(0, { filename: 'empty.txt' })
    assert.equal(response.status, 201)
    const row = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.equal(row.status, 'complete')
    assert.equal(row.contentSha256, sha256(Buffer.alloc(0)))
  })

  test('more than 50 GB is refused with 413 and leaves no row', async ({ assert }) => {
    const before = await PublicUpload.query().count('* as total')
    const { response } = await new TusVisitor().create(transferConfig.maxUploadBytes + 1, {
      filename: 'huge.bin',
    })
    assert.equal(response.status, 413)
    assert.deepEqual(await response.json(), { error: 'Maximum size exceeded' })
    const after = await PublicUpload.query().count('* as total')
    assert.equal(after[0].$extras.total, before[0].$extras.total)

    const exactly = await new TusVisitor().create(50 * GB, { filename: 'big.bin' })
    assert.equal(exactly.response.status, 201)
  })

  test('bytes beyond the declared length are refused and nothing is appended', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const { location } = await visitor.create(10, { filename: 'short.txt' })
    const response = await visitor.patch(location!, 0, Buffer.alloc(20, 1))
    assert.equal(response.status, 413)
    assert.equal(await visitor.offset(location!), '0')
  })

  test('a deferred length is refused: the size is declared at creation', async ({ assert }) => {
    const visitor = new TusVisitor()
    const response = await visitor.request('POST', '/api/public-uploads', {
      'upload-defer-length': '1',
      'upload-metadata': 'filename ' + Buffer.from('later.bin').toString('base64'),
    })
    assert.equal(response.status, 501)
    assert.property(await response.json(), 'error')
    const options = await visitor.request('POST', '/api/public-uploads', {
      'upload-metadata': 'filename ' + Buffer.from('later.bin').toString('base64'),
    })
    assert.equal(options.status, 400)
  })

  test('metadata is validated: a file name is required, the email must be one', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const nameless = await visitor.create(5, { name: 'Ada' })
    assert.equal(nameless.response.status, 422)
    const badEmail = await visitor.create(5, { filename: 'a.txt', email: 'not-an-email' })
    assert.equal(badEmail.response.status, 422)
    const body = (await badEmail.response.json()) as { errors: { field: string }[] }
    assert.equal(body.errors[0].field, 'email')
    const garbled = await visitor.request('POST', '/api/public-uploads', {
      'upload-length': '5',
      'upload-metadata': 'filename ***not base64***',
    })
    assert.equal(garbled.status, 400)
  })

  test('another visitor cannot see, append to, finish or delete an upload (404)', async ({
    assert,
  }) => {
    const owner = new TusVisitor()
    const bytes = randomBytes(1000)
    const { location } = await owner.create(bytes.length, { filename: 'mine.bin' })
    await owner.patch(location!, 0, bytes.subarray(0, 400))

    const stranger = new TusVisitor()
    await stranger.visit()
    for (const response of [
      await stranger.head(location!),
      await stranger.patch(location!, 400, bytes.subarray(400)),
      await stranger.request('DELETE', location!),
    ]) {
      assert.equal(response.status, 404)
    }
    const patched = await stranger.patch(location!, 400, bytes.subarray(400))
    assert.deepEqual(await patched.json(), { error: 'Upload not found' })
    const unknown = await owner.head(`/api/public-uploads/tus/${'0'.repeat(32)}`)
    assert.equal(unknown.status, 404, 'an unknown id looks the same')

    const row = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.equal(row.status, 'uploading')
    assert.equal(await owner.offset(location!), '400')
    const resumed = await owner.patch(location!, 400, bytes.subarray(400))
    assert.equal(resumed.status, 204)
  })

  test('a visitor who opened the page may start several uploads at once', async ({ assert }) => {
    const visitor = new TusVisitor()
    await visitor.visit()
    const created = await Promise.all(
      ['one.bin', 'two.bin', 'three.bin'].map((filename) => visitor.create(3, { filename }))
    )
    const patched = await Promise.all(
      created.map(({ location }) => visitor.patch(location!, 0, Buffer.from('abc')))
    )
    assert.deepEqual(
      patched.map((response) => response.status),
      [204, 204, 204]
    )
  })

  test('directories in a file name are dropped: ../ cannot leave the upload folder', async ({
    assert,
  }) => {
    for (const [sent, stored] of [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\evil.html', 'evil.html'],
      ['..', 'download'],
    ]) {
      const location = await new TusVisitor().upload(Buffer.from('x'), { filename: sent })
      const row = await PublicUpload.findByOrFail('storageKey', keyOf(location))
      assert.equal(row.fileName, stored)
      assert.match(row.storageKey, /^[0-9a-f]{32}$/)
      const file = await stat(join(transferConfig.fs.directory, row.storageKey))
      assert.isTrue(file.isFile())
    }
  })

  test('the owner may cancel an unfinished upload, not a finished one', async ({ assert }) => {
    const visitor = new TusVisitor()
    const { location } = await visitor.create(10, { filename: 'cancel.txt' })
    await visitor.patch(location!, 0, Buffer.alloc(4))
    const cancelled = await visitor.request('DELETE', location!)
    assert.equal(cancelled.status, 204)
    assert.isNull(await PublicUpload.findBy('storageKey', keyOf(location!)))
    await assert.rejects(() => stat(join(transferConfig.fs.directory, keyOf(location!))))
    const gone = await visitor.head(location!)
    assert.equal(gone.status, 404)

    const done = await visitor.upload(Buffer.from('final'), { filename: 'final.txt' })
    const refused = await visitor.request('DELETE', done)
    assert.equal(refused.status, 400)
    assert.isNotNull(await PublicUpload.findBy('storageKey', keyOf(done)))
  })

  test('a signed-in staff member uploading is recorded as the uploader', async ({
    client,
    assert,
  }) => {
    const { user, session } = await transferPerson('staff')
    const response = await client
      .post('/api/public-uploads')
      .header('tus-resumable', '1.0.0')
      .header('upload-length', '1')
      .header('upload-metadata', tusMetadata({ filename: 'staff.txt' }))
      .withSession(session)
    response.assertStatus(201)
    const row = await PublicUpload.findByOrFail('storageKey', keyOf(response.header('location')!))
    assert.equal(row.uploadedByUserId, user.id)
  })

  test('a finished upload queues an alert to every admin, or to the configured recipients', async ({
    assert,
  }) => {
    const { messages } = mail.fake()
    await transferPerson('admin', 'boss@example.com')
    await transferPerson('staff', 'crew@example.com')
    await new TusVisitor().upload(Buffer.from('hello'), {
      filename: 'hello.txt',
      name: 'Grace',
      email: 'grace@example.com',
      message: 'Cut 3',
    })
    const alerts = queuedMails(messages)
    assert.lengthOf(alerts, 1)
    assert.deepEqual(alerts[0].to, ['boss@example.com'])
    assert.equal(alerts[0].subject, 'New upload: hello.txt')
    assert.include(alerts[0].text, 'Grace (grace@example.com) uploaded hello.txt (5 bytes)')
    assert.include(alerts[0].text, 'Cut 3')

    const second = mail.fake()
    await new TransferSettings().set('upload_alert_recipients', ['desk@example.com'])
    const visitor = new TusVisitor()
    const location = await visitor.upload(Buffer.from('again'), { filename: 'again.txt' })
    assert.deepEqual(
      queuedMails(second.messages).map((message) => message.to),
      [['desk@example.com']]
    )
    // Repeating the final request does not alert twice.
    await visitor.patch(location, 5, Buffer.alloc(0))
    assert.lengthOf(queuedMails(second.messages), 1)
  })

  test('a hash lost with the process (a restart) is rebuilt by reading the stored prefix once', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const bytes = randomBytes(5_000_000)
    const { location } = await visitor.create(bytes.length, { filename: 'long.bin' })
    await visitor.patch(location!, 0, bytes.subarray(0, 3_000_000))
    const partial = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.equal(partial.receivedBytes, 3_000_000)
    runningHashes.clear()

    const last = await visitor.patch(location!, 3_000_000, bytes.subarray(3_000_000))
    assert.equal(last.status, 204)
    // Rebuilt within the request: done as the last byte lands, no verification pass.
    const done = await PublicUpload.findByOrFail('storageKey', keyOf(location!))
    assert.equal(done.hashStatus, 'done')
    assert.equal(done.contentSha256, sha256(bytes))
  })

  test('requests alternating between instances: one rebuild, then the finished file is verified', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    const bytes = randomBytes(3_000_000)
    const { location } = await visitor.create(bytes.length, { filename: 'routed.bin' })
    const key = keyOf(location!)
    for (const offset of [0, 1_000_000]) {
      await visitor.patch(location!, offset, bytes.subarray(offset, offset + 1_000_000))
      // What another instance taking the next request looks like from here.
      assert.isNotNull(runningHashes.take(key, offset + 1_000_000))
    }
    // The first request back rebuilt the hash; the second would rebuild again.
    const second = await PublicUpload.findByOrFail('storageKey', key)
    assert.equal(second.hashStatus, 'streaming')

    await visitor.patch(location!, 2_000_000, bytes.subarray(2_000_000))
    let row = await PublicUpload.findByOrFail('storageKey', key)
    for (let attempt = 0; attempt < 100 && row.hashStatus === 'verifying'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      row = await PublicUpload.findByOrFail('storageKey', key)
    }
    assert.equal(row.status, 'complete')
    assert.equal(row.hashStatus, 'done')
    assert.equal(row.contentSha256, sha256(bytes))
  })
})

test.group('public uploads with email verification required', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  let messages: ReturnType<typeof mail.fake>['messages']
  group.each.setup(async () => {
    messages = mail.fake().messages
    await new TransferSettings().set('email_verification_required', true)
    return () => mail.restore()
  })

  function codeIn(index = -1) {
    const sent = queuedMails(messages).at(index)!
    return { to: sent.to, code: sent.text.match(/\b(\d{6})\b/)![1] }
  }

  test('the setting is public', async ({ client }) => {
    const response = await client.get('/api/settings/email-verification')
    response.assertStatus(200)
    response.assertBody({ required: true })
  })

  test('creation needs a verified email first (403), then records that address', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    await visitor.visit()
    const refused = await visitor.create(5, { filename: 'a.txt' })
    assert.equal(refused.response.status, 403)
    assert.deepEqual(await refused.response.json(), {
      error: 'Verify your email address before uploading',
    })

    const sent = await visitor.json('POST', '/api/verify-email/send', { email: 'Ada@Example.com' })
    assert.equal(sent.status, 200)
    const { to, code } = codeIn()
    assert.deepEqual(to, ['ada@example.com'])

    const wrong = await visitor.json('POST', '/api/verify-email/check', {
      email: 'ada@example.com',
      code: code === '000000' ? '000001' : '000000',
    })
    assert.equal(wrong.status, 400)
    assert.deepEqual(wrong.body, { error: 'Incorrect code' })

    const checked = await visitor.json('POST', '/api/verify-email/check', {
      email: 'ada@example.com',
      code,
    })
    assert.equal(checked.status, 200)
    assert.deepEqual(checked.body, { verified: true, email: 'ada@example.com' })

    const location = await visitor.upload(Buffer.from('hello'), {
      filename: 'a.txt',
      email: 'someone-else@example.com',
    })
    const row = await PublicUpload.findByOrFail('storageKey', keyOf(location))
    assert.equal(row.uploaderEmail, 'ada@example.com')
  })

  test('a signed-in staff member needs no code: their own address is recorded', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('staff', 'crew@example.com')
    const response = await client
      .post('/api/public-uploads')
      .header('tus-resumable', '1.0.0')
      .header('upload-length', '1')
      .header('upload-metadata', tusMetadata({ filename: 'staff.txt', email: 'x@example.com' }))
      .withSession(session)
    response.assertStatus(201)
    const row = await PublicUpload.findByOrFail('storageKey', keyOf(response.header('location')!))
    assert.equal(row.uploaderEmail, 'crew@example.com')
  })

  test('a code is valid for its address and session only, and used once', async ({ assert }) => {
    const visitor = new TusVisitor()
    await visitor.visit()
    await visitor.json('POST', '/api/verify-email/send', { email: 'ada@example.com' })
    const { code } = codeIn()

    const otherAddress = await visitor.json('POST', '/api/verify-email/check', {
      email: 'bob@example.com',
      code,
    })
    assert.equal(otherAddress.status, 400)

    const stranger = new TusVisitor()
    await stranger.visit()
    const otherSession = await stranger.json('POST', '/api/verify-email/check', {
      email: 'ada@example.com',
      code,
    })
    assert.equal(otherSession.status, 400)
    assert.deepEqual(otherSession.body, {
      error: 'No valid code for this address: ask for a new one',
    })

    const ok = await visitor.json('POST', '/api/verify-email/check', {
      email: 'ada@example.com',
      code,
    })
    assert.equal(ok.status, 200)
    const again = await visitor.json('POST', '/api/verify-email/check', {
      email: 'ada@example.com',
      code,
    })
    assert.equal(again.status, 400)
  })

  test('five wrong attempts use up a code: then only a new one works', async ({ assert }) => {
    const visitor = new TusVisitor()
    await visitor.visit()
    await visitor.json('POST', '/api/verify-email/send', { email: 'ada@example.com' })
    const { code } = codeIn()
    const wrongCode = code === '123456' ? '654321' : '123456'
    const answers = []
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push(
        await visitor.json('POST', '/api/verify-email/check', {
          email: 'ada@example.com',
          code: wrongCode,
        })
      )
    }
    assert.deepEqual(
      answers.map((answer) => answer.body.error),
      [...Array(4).fill('Incorrect code'), 'Too many incorrect attempts: ask for a new code']
    )
    const late = await visitor.json('POST', '/api/verify-email/check', {
      email: 'ada@example.com',
      code,
    })
    assert.equal(late.status, 400)

    await visitor.json('POST', '/api/verify-email/send', { email: 'ada@example.com' })
    const fresh = await visitor.json('POST', '/api/verify-email/check', {
      email: 'ada@example.com',
      code: codeIn().code,
    })
    assert.equal(fresh.status, 200)
  })

  test('sending is limited to 3 codes per address and 10 per IP an hour (429, Retry-After)', async ({
    assert,
  }) => {
    const visitor = new TusVisitor()
    await visitor.visit()
    for (let index = 0; index < 3; index++) {
      const sent = await visitor.json('POST', '/api/verify-email/send', {
        email: 'ada@example.com',
      })
      assert.equal(sent.status, 200)
    }
    const limited = await visitor.json('POST', '/api/verify-email/send', {
      email: 'ada@example.com',
    })
    assert.equal(limited.status, 429)
    assert.isAbove(Number(limited.headers.get('retry-after')), 0)
    assert.property(limited.body, 'error')

    for (let index = 0; index < 7; index++) {
      const sent = await visitor.json('POST', '/api/verify-email/send', {
        email: `person${index}@example.com`,
      })
      assert.equal(sent.status, 200)
    }
    const byIp = await visitor.json('POST', '/api/verify-email/send', {
      email: 'one-more@example.com',
    })
    assert.equal(byIp.status, 429)
    assert.lengthOf(queuedMails(messages), 10)
  })

  test('bad input is a 422 with field errors', async ({ client }) => {
    const send = await client.post('/api/verify-email/send').json({ email: 'nope' }).withCsrfToken()
    send.assertStatus(422)
    const check = await client
      .post('/api/verify-email/check')
      .json({ email: 'ada@example.com', code: '12ab' })
      .withCsrfToken()
    check.assertStatus(422)
    check.assertBodyContains({ errors: [{ field: 'code' }] })
  })
})
