import { randomInt } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { DateTime } from 'luxon'
import PublicUpload from '#models/transfer/public_upload'
import { StaffShares, type ShareChanges } from '#services/transfer/staff_shares'
import { S3UploadStorage, UploadStorage } from '#services/transfer/upload_storage'
import { CookieAgent } from '#tests/helpers/cookie_agent'
import { TestS3Server } from '#tests/helpers/s3_server'
import { queuedMails, storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

const ORIGIN = 'http://127.0.0.1'

/** A share made the way staff make it, for an upload holding `content`. */
async function shareOf(
  content: string,
  changes: ShareChanges = {},
  creatorId: string | null = null
) {
  const upload = await storedUpload(content, { fileName: 'cut.mov', mimeType: 'video/quicktime' })
  const share = await new StaffShares().create(upload.id, changes, creatorId, ORIGIN)
  return { upload, share }
}

/** A documentation address (RFC 5737) of its own for each test, so limits never collide. */
function freshIp() {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

test.group('GET /api/share/:token', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers the metadata with hasPassword, never the password or its hash', async ({
    client,
    assert,
  }) => {
    const { share } = await shareOf('twelve bytes', {
      password: 'tigerlemon',
      title: 'Dailies',
      message: 'Day 3',
      maxDownloads: 5,
      expiresInDays: 2,
    })
    const response = await client.get(`/api/share/${share.token}`)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      token: share.token,
      fileName: 'cut.mov',
      size: 12,
      mimeType: 'video/quicktime',
      title: 'Dailies',
      message: 'Day 3',
      expiresAt: share.expiresAt!.toISO(),
      hasPassword: true,
      downloadsRemaining: 5,
    })
    assert.notInclude(response.text(), 'tigerlemon')
    assert.notInclude(response.text(), '$2b$')

    const open = await shareOf('x')
    const openResponse = await client.get(`/api/share/${open.share.token}`)
    assert.isFalse(openResponse.body().hasPassword)
    assert.isNull(openResponse.body().downloadsRemaining)
  })

  test('404 for an unknown token, 410 once expired or used up', async ({ client }) => {
    const unknown = await client.get('/api/share/no-such-token')
    unknown.assertStatus(404)
    unknown.assertBody({ error: 'Share not found' })

    const { share: expired } = await shareOf('x', { expiresAt: new Date(Date.now() - 1000) })
    const expiredResponse = await client.get(`/api/share/${expired.token}`)
    expiredResponse.assertStatus(410)
    expiredResponse.assertBody({ error: 'This share has expired' })

    const { share: usedUp } = await shareOf('x', { maxDownloads: 1 })
    await db.from('staff_shares').where('id', usedUp.id).update({ download_count: 1 })
    const usedUpResponse = await client.get(`/api/share/${usedUp.token}`)
    usedUpResponse.assertStatus(410)
    usedUpResponse.assertBody({ error: 'This share has reached its download limit' })
  })
})

test.group('POST /api/share/:token/download', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('a share without a password hands out a signed URL, counts it and logs it', async ({
    client,
    assert,
  }) => {
    const { upload, share } = await shareOf('the file bytes')
    const response = await client
      .post(`/api/share/${share.token}/download`)
      .json({})
      .header(
        'user-agent',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'
      )
      .withCsrfToken()
    response.assertStatus(200)
    const { url, expiresAt } = response.body()
    assert.match(
      url,
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/files/${upload.id}/cut\\.mov\\?signature=`)
    )
    assert.closeTo((Date.parse(expiresAt) - Date.now()) / 60_000, 15, 0.1)

    const file = await fetch(url)
    assert.equal(file.status, 200)
    assert.equal(await file.text(), 'the file bytes')

    const row = await db.from('staff_shares').where('id', share.id).firstOrFail()
    assert.equal(row.download_count, 1)
    assert.isNotNull(row.last_downloaded_at)
    const log = await db.from('download_logs').where('share_id', share.id).firstOrFail()
    assert.containsSubset(log, {
      upload_id: upload.id,
      file_name: 'cut.mov',
      ip: '127.0.0.1',
      browser: 'Mobile Safari 17.1',
      os: 'iOS 17.1',
      device_type: 'mobile',
      downloaded_by_user_id: null,
    })
  })

  test('a password share: missing or wrong password is 401 Incorrect password, the right one works', async ({
    client,
    assert,
  }) => {
    const { share } = await shareOf('secret bytes', { password: 'mangoquartz' })
    const ip = freshIp()
    for (const body of [{}, { password: '' }, { password: 'MANGOQUARTZ' }, { password: 'mango' }]) {
      const response = await client
        .post(`/api/share/${share.token}/download`)
        .json(body)
        .header('x-forwarded-for', ip)
        .withCsrfToken()
      response.assertStatus(401)
      response.assertBody({ error: 'Incorrect password' })
    }
    const refusedRow = await db.from('staff_shares').where('id', share.id).firstOrFail()
    assert.equal(refusedRow.download_count, 0)

    const right = await client
      .post(`/api/share/${share.token}/download`)
      .json({ password: 'mangoquartz' })
      .header('x-forwarded-for', ip)
      .withCsrfToken()
    right.assertStatus(200)
    const file = await fetch(right.body().url)
    assert.equal(await file.text(), 'secret bytes')
  })

  test('ten wrong passwords from one address block it for 15 minutes (429), right or wrong', async ({
    client,
    assert,
  }) => {
    const { share } = await shareOf('x', { password: 'right' })
    const { share: other } = await shareOf('x', { password: 'right' })
    const ip = freshIp()
    const attempt = (token: string, password: string, from = ip) =>
      client
        .post(`/api/share/${token}/download`)
        .json({ password })
        .header('x-forwarded-for', from)
        .withCsrfToken()

    // Right answers in between do not count and do not reset the tally.
    for (let guess = 1; guess <= 10; guess++) {
      const response = await attempt(share.token, `wrong${guess}`)
      response.assertStatus(401)
      if (guess === 5) {
        const right = await attempt(share.token, 'right')
        right.assertStatus(200)
      }
    }
    for (const [token, password] of [
      [share.token, 'right'],
      [other.token, 'wrong'],
    ]) {
      const blocked = await attempt(token, password)
      blocked.assertStatus(429)
      assert.properties(blocked.body(), ['error'])
      const retryAfter = Number(blocked.header('retry-after'))
      assert.isAbove(retryAfter, 0)
      assert.isAtMost(retryAfter, 15 * 60)
    }

    const elsewhere = await attempt(share.token, 'right', freshIp())
    elsewhere.assertStatus(200)
  })

  test('wrong passwords from other addresses never lock the recipient out', async ({ client }) => {
    const { share } = await shareOf('x', { password: 'right' })
    const guess = (password: string, from: string) =>
      client
        .post(`/api/share/${share.token}/download`)
        .json({ password })
        .header('x-forwarded-for', from)
        .withCsrfToken()
    // One stranger past its own limit, then twenty more addresses.
    const stranger = freshIp()
    for (let attempt = 1; attempt <= 12; attempt++) {
      const response = await guess(`wrong${attempt}`, stranger)
      response.assertStatus(attempt <= 10 ? 401 : 429)
    }
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await guess(`wrong${attempt}`, freshIp())
      response.assertStatus(401)
    }
    const recipient = await guess('right', freshIp())
    recipient.assertStatus(200)
  })

  test('50 concurrent wrong passwords from one address: no more than 10 are checked', async ({
    client,
    assert,
  }) => {
    const { share } = await shareOf('x', { password: 'right' })
    const ip = freshIp()
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, guess) =>
        client
          .post(`/api/share/${share.token}/download`)
          .json({ password: `wrong${guess}` })
          .header('x-forwarded-for', ip)
          .withCsrfToken()
      )
    )
    const statuses = responses.map((response) => response.status())
    assert.isAtMost(statuses.filter((status) => status === 401).length, 10)
    assert.lengthOf(
      statuses.filter((status) => status === 429),
      statuses.length - statuses.filter((status) => status === 401).length
    )
  })

  test('max downloads holds under concurrent requests; then 410', async ({ client, assert }) => {
    const { share } = await shareOf('x', { maxDownloads: 2 })
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.post(`/api/share/${share.token}/download`).json({}).withCsrfToken()
      )
    )
    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [200, 200, 410, 410, 410, 410])
    const row = await db.from('staff_shares').where('id', share.id).firstOrFail()
    assert.equal(row.download_count, 2)
    const logs = await db.from('download_logs').where('share_id', share.id)
    assert.lengthOf(logs, 2)
  })

  test('an expired share gives no download, even with the right password', async ({ client }) => {
    const { share } = await shareOf('x', {
      password: 'right',
      expiresAt: DateTime.now().minus({ minutes: 1 }).toJSDate(),
    })
    const response = await client
      .post(`/api/share/${share.token}/download`)
      .json({ password: 'right' })
      .withCsrfToken()
    response.assertStatus(410)
    response.assertBody({ error: 'This share has expired' })

    const unknown = await client.post('/api/share/nothing/download').json({}).withCsrfToken()
    unknown.assertStatus(404)
  })

  test('the log records the address the first proxy saw, not one the client wrote', async ({
    client,
    assert,
  }) => {
    const { share } = await shareOf('x')
    // The trusted proxy appends the address it saw to whatever the client sent,
    // so a forged entry always sits to the left of the real one.
    const response = await client
      .post(`/api/share/${share.token}/download`)
      .json({})
      .header('x-forwarded-for', '6.6.6.6, 203.0.113.7')
      .withCsrfToken()
    response.assertStatus(200)
    const log = await db.from('download_logs').where('share_id', share.id).firstOrFail()
    assert.equal(log.ip, '203.0.113.7')
  })

  test('the creator is told of each download when they asked to be', async ({ client, assert }) => {
    const { messages } = mail.fake()
    const { user } = await transferPerson('staff', 'ed@example.com')
    const { share } = await shareOf('x', { notifyOnDownload: true }, user.id)
    const { share: quiet } = await shareOf('x', {}, user.id)
    for (const token of [share.token, quiet.token]) {
      await client
        .post(`/api/share/${token}/download`)
        .json({})
        .header(
          'user-agent',
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
        )
        .header('x-forwarded-for', '203.0.113.9')
        .withCsrfToken()
    }
    const sent = queuedMails(messages)
    assert.lengthOf(sent, 1)
    assert.deepEqual(sent[0].to, ['ed@example.com'])
    assert.equal(sent[0].subject, 'cut.mov was downloaded')
    assert.include(sent[0].text, '203.0.113.9')
    assert.include(sent[0].text, 'Chrome 120.0.0.0 on Windows 10')
    assert.include(sent[0].text, 'Downloads so far: 1')
  })
})

/** A recipient's browser that has opened the share page, so it holds a session and its CSRF token. */
async function visitOf(token: string) {
  const visitor = new CookieAgent()
  const page = await visitor.request('GET', `/s/${token}`)
  await page.body?.cancel()
  return visitor
}

test.group('POST /api/share/:token/download: one visit, one download', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function countsOf(shareId: string) {
    const row = await db.from('staff_shares').where('id', shareId).firstOrFail()
    const logs = await db.from('download_logs').where('share_id', shareId)
    return { count: row.download_count as number, logLines: logs.length }
  }

  test('asking again within the URL lifetime is the same download; another visit counts', async ({
    assert,
  }) => {
    const { share } = await shareOf('the bytes', { password: 'quietriver', maxDownloads: 2 })
    const first = await visitOf(share.token)

    const wrong = await first.json('POST', `/api/share/${share.token}/download`, {
      password: 'nope',
    })
    assert.equal(wrong.status, 401)
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await first.json('POST', `/api/share/${share.token}/download`, {
        password: 'quietriver',
      })
      assert.equal(answer.status, 200)
      const file = await fetch(answer.body.url)
      assert.equal(await file.text(), 'the bytes')
    }
    assert.deepEqual(await countsOf(share.id), { count: 1, logLines: 1 })
    const metadata = await first.json('GET', `/api/share/${share.token}`)
    assert.equal(metadata.body.downloadsRemaining, 1)

    const second = await visitOf(share.token)
    const secondAnswer = await second.json('POST', `/api/share/${share.token}/download`, {
      password: 'quietriver',
    })
    assert.equal(secondAnswer.status, 200)
    assert.deepEqual(await countsOf(share.id), { count: 2, logLines: 2 })

    // Used up now, but the first visit's own download may still be fetched again.
    const again = await first.json('POST', `/api/share/${share.token}/download`, {
      password: 'quietriver',
    })
    assert.equal(again.status, 200)
    const third = await visitOf(share.token)
    const refused = await third.json('POST', `/api/share/${share.token}/download`, {
      password: 'quietriver',
    })
    assert.equal(refused.status, 410)
    assert.deepEqual(refused.body, { error: 'This share has reached its download limit' })
    assert.deepEqual(await countsOf(share.id), { count: 2, logLines: 2 })
  })

  test('once the URL lifetime has passed, the same visit counts again', async ({ assert }) => {
    const { share } = await shareOf('x')
    const visitor = await visitOf(share.token)
    const first = await visitor.json('POST', `/api/share/${share.token}/download`, {})
    assert.equal(first.status, 200)
    await db
      .from('share_download_visits')
      .where('share_id', share.id)
      .update({ counted_at: DateTime.now().minus({ minutes: 16 }).toJSDate() })

    const later = await visitor.json('POST', `/api/share/${share.token}/download`, {})
    assert.equal(later.status, 200)
    assert.deepEqual(await countsOf(share.id), { count: 2, logLines: 2 })
  })
})

/*
 * Outside a global transaction: requests that share one test transaction
 * share one connection too, and could never wait on each other's row lock.
 */
test.group('POST /api/share/:token/download: one visit sending at once', (group) => {
  let uploadId: string | null = null
  group.each.teardown(async () => {
    if (uploadId) {
      await db.from('download_logs').where('upload_id', uploadId).delete()
      await db.from('public_uploads').where('id', uploadId).delete()
    }
  })

  test('three requests of one visit at once count and log one download', async ({ assert }) => {
    const { upload, share } = await shareOf('x', { maxDownloads: 5 })
    uploadId = upload.id
    const visitor = await visitOf(share.token)
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        visitor.json('POST', `/api/share/${share.token}/download`, {})
      )
    )
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200]
    )
    const row = await db.from('staff_shares').where('id', share.id).firstOrFail()
    assert.equal(row.download_count, 1)
    assert.lengthOf(await db.from('download_logs').where('share_id', share.id), 1)
  })
})

test.group('POST /api/share/:token/download on the s3 disk', (group) => {
  const s3 = new TestS3Server()
  group.setup(async () => {
    await s3.start()
    app.container.swap(UploadStorage, () => new S3UploadStorage(s3.options))
    return async () => {
      app.container.restore(UploadStorage)
      await s3.stop()
    }
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers a presigned URL that downloads the bytes as an attachment', async ({
    client,
    assert,
  }) => {
    const storage = new S3UploadStorage(s3.options)
    await storage.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'abc123s3',
        Body: '<svg onload="alert(1)"/>',
        ContentType: 'image/svg+xml',
      })
    )
    const upload = await storedUpload('unused')
    await PublicUpload.query()
      .where('id', upload.id)
      .update({ disk: 's3', storageKey: 'abc123s3', fileName: 'logo.svg', size: 24 })
    const share = await new StaffShares().create(upload.id, { password: 'pw' }, null, ORIGIN)

    const response = await client
      .post(`/api/share/${share.token}/download`)
      .json({ password: 'pw' })
      .withCsrfToken()
    response.assertStatus(200)
    const url = new URL(response.body().url)
    assert.equal(url.origin, s3.endpoint)
    assert.isNotNull(url.searchParams.get('X-Amz-Signature'))

    const file = await fetch(url)
    assert.equal(file.status, 200)
    assert.equal(await file.text(), '<svg onload="alert(1)"/>')
    assert.equal(file.headers.get('content-type'), 'application/octet-stream')
    assert.match(file.headers.get('content-disposition')!, /^attachment; filename="?logo\.svg"?$/)
  })
})
