import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import PublicUpload from '#models/transfer/public_upload'
import StaffShare from '#models/transfer/staff_share'
import { UploadStorage } from '#services/transfer/upload_storage'
import { runCommand } from '#tests/helpers/ace_commands'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

async function sha256Of(stream: AsyncIterable<unknown>) {
  const hash = createHash('sha256')
  for await (const chunk of stream) {
    hash.update(chunk as Buffer)
  }
  return hash.digest('hex')
}

test.group('transfer:demo-data', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // A finished upload alerts staff by mail; the fake keeps the demo's alerts.
  group.each.setup(() => () => mail.restore())

  test('stores real files whose bytes hash to their recorded SHA-256, and lists them for staff', async ({
    client,
    assert,
  }) => {
    const { messages } = mail.fake()
    const { session } = await transferPerson('admin')
    const result = await runCommand('transfer:demo-data', [])
    assert.equal(result.exitCode, 0, result.output)
    assert.include(result.output, '5 uploads and 2 shares added')

    const uploads = await PublicUpload.query().orderBy('created_at')
    assert.lengthOf(uploads, 5)
    const storage = await app.container.make(UploadStorage)
    for (const upload of uploads) {
      assert.equal(upload.status, 'complete', upload.fileName)
      assert.equal(upload.hashStatus, 'done', upload.fileName)
      assert.equal(await storage.size(upload.storageKey), upload.size, upload.fileName)
      assert.equal(
        await sha256Of(await storage.read(upload.storageKey)),
        upload.contentSha256,
        upload.fileName
      )
      assert.isNotNull(upload.expiresAt)
    }
    const pdf = uploads.find((upload) => upload.fileName.endsWith('.pdf'))!
    const bytes = await storage.read(pdf.storageKey)
    let head = ''
    for await (const chunk of bytes) {
      head += (chunk as Buffer).toString('latin1')
    }
    assert.match(head, /^%PDF-1\.4[\s\S]*%%EOF\n$/)

    const listed = await client.get('/api/public-uploads').withSession(session)
    listed.assertStatus(200)
    assert.sameMembers(
      listed.body().data.map((item: { fileName: string }) => item.fileName),
      uploads.map((upload) => upload.fileName)
    )
    // Each finished upload told staff, as a visitor's would.
    assert.lengthOf(messages.queued(), 5)
  })

  test('the password share opens with the printed password and no other', async ({
    client,
    assert,
  }) => {
    mail.fake()
    const result = await runCommand('transfer:demo-data', [])
    assert.equal(result.exitCode, 0, result.output)
    const printed = /\/s\/([\w-]{43}) {2}password: (\w+)/.exec(result.output)
    assert.isNotNull(printed, result.output)
    const [, token, password] = printed!

    const share = await StaffShare.query().where('token', token).preload('upload').firstOrFail()
    assert.isNotNull(share.passwordHash)
    assert.notEqual(share.password, password, 'the readable copy is stored encrypted')

    const wrong = await client
      .post(`/api/share/${token}/download`)
      .json({ password: 'applebanana' })
      .withCsrfToken()
    wrong.assertStatus(401)

    const right = await client
      .post(`/api/share/${token}/download`)
      .json({ password })
      .withCsrfToken()
    right.assertStatus(200)
    const file = await fetch(right.body().url)
    assert.equal(file.status, 200)
    const bytes = Buffer.from(await file.arrayBuffer())
    assert.equal(createHash('sha256').update(bytes).digest('hex'), share.upload.contentSha256)

    const open = await StaffShare.query().whereNull('password_hash').firstOrFail()
    const openDownload = await client
      .post(`/api/share/${open.token}/download`)
      .json({})
      .withCsrfToken()
    openDownload.assertStatus(200)
  })

  test('refuses when uploads exist unless --force', async ({ assert }) => {
    mail.fake()
    await storedUpload('already here')
    const refused = await runCommand('transfer:demo-data', [])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'transfer already has 1 upload(s)')
    assert.lengthOf(await PublicUpload.all(), 1)

    const skipped = await runCommand('transfer:demo-data', ['--if-empty'])
    assert.equal(skipped.exitCode, 0, skipped.output)
    assert.include(skipped.output, 'Nothing added: transfer already has 1 upload(s)')
    assert.lengthOf(await PublicUpload.all(), 1)

    const forced = await runCommand('transfer:demo-data', ['--force'])
    assert.equal(forced.exitCode, 0, forced.output)
    assert.lengthOf(await PublicUpload.all(), 6)
  })
})
