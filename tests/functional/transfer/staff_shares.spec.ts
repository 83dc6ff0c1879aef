import { test } from '@japa/runner'
import bcrypt from 'bcrypt'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import { PASSWORD_WORDS } from '#services/transfer/password_generator'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { queuedMails, storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

async function shareRow(id: string) {
  return db.from('staff_shares').where('id', id).firstOrFail()
}

test.group('GET /api/generate-password', () => {
  test('four words of the fixed list of 80, no separator, different each time', async ({
    client,
    assert,
  }) => {
    assert.lengthOf(PASSWORD_WORDS, 80)
    assert.lengthOf(new Set(PASSWORD_WORDS), 80)
    const words = PASSWORD_WORDS.join('|')
    const seen = new Set<string>()
    for (let index = 0; index < 5; index++) {
      const response = await client.get('/api/generate-password')
      response.assertStatus(200)
      const { password } = response.body()
      assert.match(password, new RegExp(`^(?:${words}){4}$`))
      seen.add(password)
    }
    assert.isAbove(seen.size, 1)
  })
})

test.group('staff shares: create, read back, edit, delete', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('a password share stores an encrypted readable copy and a cost-10 bcrypt hash', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('hello')
    const response = await client
      .post('/api/staff-shares')
      .json({ uploadId: upload.id, password: 'applerivertigermaple', title: 'Cut 3' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    const share = response.body()
    assert.equal(share.password, 'applerivertigermaple')
    assert.isTrue(share.hasPassword)
    assert.notProperty(share, 'passwordHash')
    assert.match(share.token, /^[A-Za-z0-9_-]{43}$/)
    assert.match(share.url, new RegExp(`^http://127\\.0\\.0\\.1:\\d+/s/${share.token}$`))
    assert.equal(share.fileName, 'report.pdf')
    assert.equal(share.title, 'Cut 3')

    const row = await shareRow(share.id)
    assert.notInclude(row.password, 'applerivertigermaple', 'no plaintext at rest')
    assert.equal(encryption.decrypt(row.password), 'applerivertigermaple')
    assert.equal(bcrypt.getRounds(row.password_hash), 10)
    assert.isTrue(await bcrypt.compare('applerivertigermaple', row.password_hash))
  })

  test('without a password both columns stay null', async ({ client, assert }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('hello')
    for (const body of [{}, { password: '' }, { password: null }]) {
      const response = await client
        .post('/api/staff-shares')
        .json({ uploadId: upload.id, ...body })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(201)
      assert.isNull(response.body().password)
      assert.isFalse(response.body().hasPassword)
      const row = await shareRow(response.body().id)
      assert.isNull(row.password)
      assert.isNull(row.password_hash)
    }
  })

  test('only finished uploads can be shared; unknown uploads are 404; bad bodies 422', async ({
    client,
  }) => {
    const { session } = await transferPerson()
    const partial = await storedUpload('hel', { status: 'uploading' })
    const partialResponse = await client
      .post('/api/staff-shares')
      .json({ uploadId: partial.id })
      .withSession(session)
      .withCsrfToken()
    partialResponse.assertStatus(422)
    partialResponse.assertBody({ error: 'Only a finished upload can be shared' })

    const missing = await client
      .post('/api/staff-shares')
      .json({ uploadId: '00000000-0000-4000-8000-000000000000' })
      .withSession(session)
      .withCsrfToken()
    missing.assertStatus(404)
    missing.assertBody({ error: 'Upload not found' })

    const invalid = await client
      .post('/api/staff-shares')
      .json({ uploadId: 'nope', maxDownloads: 0, recipientEmails: ['not-an-email'] })
      .withSession(session)
      .withCsrfToken()
    invalid.assertStatus(422)
    invalid.assertBodyContains({ error: 'Validation failed' })
  })

  test('expiry: expiresAt, expiresInDays, or the default-expiry setting', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('hello')
    const create = async (body: object) => {
      const response = await client
        .post('/api/staff-shares')
        .json({ uploadId: upload.id, ...body })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(201)
      return response.body()
    }
    const at = await create({ expiresAt: '2031-05-01T12:00:00.000Z' })
    assert.equal(new Date(at.expiresAt).toISOString(), '2031-05-01T12:00:00.000Z')

    const inDays = await create({ expiresInDays: 3 })
    const days = (Date.parse(inDays.expiresAt) - Date.now()) / 86_400_000
    assert.closeTo(days, 3, 0.01)

    const byDefault = await create({})
    assert.closeTo((Date.parse(byDefault.expiresAt) - Date.now()) / 86_400_000, 7, 0.01)

    await new TransferSettings().set('share_default_expiry_days', 0)
    const noDefault = await create({})
    assert.isNull(noDefault.expiresAt)
    const explicitlyNone = await create({ expiresInDays: 5, expiresAt: null })
    assert.isNull(explicitlyNone.expiresAt)
  })

  test('the list reads back the password, never the hash, with file, counts and creator', async ({
    client,
    assert,
  }) => {
    const { user, session } = await transferPerson('staff', 'lee@example.com')
    const upload = await storedUpload('hello', { fileName: 'cut.mov' })
    await client
      .post('/api/staff-shares')
      .json({ uploadId: upload.id, password: 'secretword', maxDownloads: 3 })
      .withSession(session)
      .withCsrfToken()
    await client
      .post('/api/staff-shares')
      .json({ uploadId: upload.id, expiresAt: '2001-01-01T00:00:00Z' })
      .withSession(session)
      .withCsrfToken()

    const response = await client.get('/api/staff-shares').withSession(session)
    response.assertStatus(200)
    const [expired, protectedShare] = response.body()
    assert.notInclude(response.text(), '$2b$')
    assert.containsSubset(protectedShare, {
      password: 'secretword',
      hasPassword: true,
      fileName: 'cut.mov',
      size: 5,
      downloadCount: 0,
      maxDownloads: 3,
      expired: false,
      createdBy: { id: user.id, email: 'lee@example.com', displayName: 'lee' },
    })
    assert.isTrue(expired.expired)
    assert.isNull(expired.password)
  })

  test('PUT: a new password replaces both columns, absent keeps them, empty or null clears', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('hello')
    const created = await client
      .post('/api/staff-shares')
      .json({ uploadId: upload.id, password: 'first' })
      .withSession(session)
      .withCsrfToken()
    const id = created.body().id
    const before = await shareRow(id)

    const put = (body: object) =>
      client.put(`/api/staff-shares/${id}`).json(body).withSession(session).withCsrfToken()

    const renamed = await put({ title: 'New title', maxDownloads: 2 })
    renamed.assertStatus(200)
    assert.containsSubset(renamed.body(), {
      title: 'New title',
      maxDownloads: 2,
      password: 'first',
    })
    const unchanged = await shareRow(id)
    assert.equal(unchanged.password_hash, before.password_hash)

    const changed = await put({ password: 'second' })
    assert.equal(changed.body().password, 'second')
    const after = await shareRow(id)
    assert.notEqual(after.password_hash, before.password_hash)
    assert.isTrue(await bcrypt.compare('second', after.password_hash))
    assert.equal(encryption.decrypt(after.password), 'second')

    for (const cleared of ['', null]) {
      await put({ password: 'again' })
      const response = await put({ password: cleared })
      assert.isFalse(response.body().hasPassword)
      const row = await shareRow(id)
      assert.isNull(row.password)
      assert.isNull(row.password_hash)
    }

    const missing = await client
      .put('/api/staff-shares/00000000-0000-4000-8000-000000000000')
      .json({ title: 'x' })
      .withSession(session)
      .withCsrfToken()
    missing.assertStatus(404)
    missing.assertBody({ error: 'Share not found' })
  })

  test('DELETE revokes the share; a second delete is 404', async ({ client }) => {
    const { session } = await transferPerson('admin')
    const upload = await storedUpload('hello')
    const created = await client
      .post('/api/staff-shares')
      .json({ uploadId: upload.id })
      .withSession(session)
      .withCsrfToken()
    const { id, token } = created.body()

    const deleted = await client
      .delete(`/api/staff-shares/${id}`)
      .withSession(session)
      .withCsrfToken()
    deleted.assertStatus(200)
    deleted.assertBody({ success: true })
    const gone = await client.get(`/api/share/${token}`)
    gone.assertStatus(404)

    const again = await client
      .delete(`/api/staff-shares/${id}`)
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(404)
  })

  test('recipients get the share notification with the link', async ({ client, assert }) => {
    const { messages } = mail.fake()
    const { session } = await transferPerson('staff', 'sam@example.com')
    const upload = await storedUpload('x'.repeat(1536), { fileName: 'grade.mov' })
    const response = await client
      .post('/api/staff-shares')
      .json({
        uploadId: upload.id,
        password: 'tiger',
        message: 'Final grade attached',
        recipientEmails: ['Ana@Example.com', 'bo@example.com'],
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(201)
    assert.deepEqual(response.body().recipientEmails, ['ana@example.com', 'bo@example.com'])

    const sent = queuedMails(messages)
    assert.sameMembers(
      sent.flatMap((message) => message.to),
      ['ana@example.com', 'bo@example.com']
    )
    const [first] = sent
    assert.equal(first.subject, 'sam shared grade.mov with you')
    assert.include(first.text, response.body().url)
    assert.include(first.text, '1.5 KB')
    assert.include(first.text, 'Final grade attached')
    assert.notInclude(first.text, 'tiger', 'the password travels separately')
  })

  test('staff download the shared file through a fresh signed URL; logged, not counted', async ({
    client,
    assert,
  }) => {
    const { user, session } = await transferPerson()
    const upload = await storedUpload('the bytes')
    const created = await client
      .post('/api/staff-shares')
      .json({ uploadId: upload.id, password: 'pw', maxDownloads: 1 })
      .withSession(session)
      .withCsrfToken()
    const { id } = created.body()

    const response = await client
      .get(`/api/staff-shares/${id}/download`)
      .withSession(session)
      .redirects(0)
    response.assertStatus(302)
    const location = new URL(response.header('location')!)
    assert.equal(location.pathname, `/files/${upload.id}/report.pdf`)
    assert.isString(location.searchParams.get('signature'))
    const file = await fetch(location)
    assert.equal(await file.text(), 'the bytes')

    const row = await shareRow(id)
    assert.equal(row.download_count, 0)
    const log = await db.from('download_logs').where('share_id', id).firstOrFail()
    assert.equal(log.downloaded_by_user_id, user.id)
    assert.equal(log.upload_id, upload.id)

    const missing = await client
      .get('/api/staff-shares/00000000-0000-4000-8000-000000000000/download')
      .withSession(session)
    missing.assertStatus(404)
  })
})
