import { access } from 'node:fs/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import PublicUpload from '#models/transfer/public_upload'
import { StaffShares } from '#services/transfer/staff_shares'
import { uploadOwnership } from '#services/transfer/upload_ownership'
import { storedPath, storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

async function exists(path: string) {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

test.group('GET /api/public-uploads (staff file list)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists uploads with status, sizes, uploader, hash, backup, expiry and share count', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('hello world', {
      fileName: 'rushes.zip',
      uploaderName: 'Kim',
      uploaderEmail: 'kim@example.com',
    })
    await new StaffShares().create(upload.id, {}, null, 'http://x')
    await new StaffShares().create(upload.id, {}, null, 'http://x')
    await storedUpload('partial', { status: 'uploading', fileName: 'half.mov' })

    const response = await client.get('/api/public-uploads').withSession(session)
    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.deepEqual(meta, { total: 2, page: 1, perPage: 25, lastPage: 1 })
    const listed = data.find((item: any) => item.id === upload.id)
    assert.containsSubset(listed, {
      fileName: 'rushes.zip',
      size: 11,
      receivedBytes: 11,
      status: 'complete',
      uploaderName: 'Kim',
      uploaderEmail: 'kim@example.com',
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
      hashStatus: 'done',
      backupStatus: 'not_configured',
      expiresAt: null,
      shareCount: 2,
    })
    assert.notProperty(listed, 'storageKey')
    assert.notProperty(listed, 'ownerKeyHash')
    const partial = data.find((item: any) => item.fileName === 'half.mov')
    assert.equal(partial.status, 'uploading')
    assert.equal(partial.receivedBytes, 0)
  })

  test('searches by file or uploader name, sorts by name or size, and pages', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    await storedUpload('aaaa', { fileName: 'beta.mov', uploaderName: 'Noor' })
    await storedUpload('a', { fileName: 'alpha.mov', uploaderName: 'Jo' })
    await storedUpload('aaaaaaaa', {
      fileName: '100% final.mov',
      uploaderEmail: 'noor@example.com',
    })

    const names = async (qs: Record<string, string | number>) => {
      const response = await client.get('/api/public-uploads').qs(qs).withSession(session)
      response.assertStatus(200)
      return response.body().data.map((item: any) => item.fileName)
    }
    assert.deepEqual(await names({ sort: 'name', order: 'asc' }), [
      '100% final.mov',
      'alpha.mov',
      'beta.mov',
    ])
    assert.deepEqual(await names({ sort: 'size', order: 'desc' }), [
      '100% final.mov',
      'beta.mov',
      'alpha.mov',
    ])
    assert.sameMembers(await names({ search: 'noor' }), ['beta.mov', '100% final.mov'])
    assert.deepEqual(await names({ search: 'ALPHA' }), ['alpha.mov'])
    assert.deepEqual(await names({ search: '%' }), ['100% final.mov'], '% is no wildcard')
    assert.deepEqual(await names({ sort: 'name', order: 'asc', page: 2, perPage: 2 }), ['beta.mov'])

    const invalid = await client
      .get('/api/public-uploads')
      .qs({ sort: 'owner', perPage: 1000 })
      .withSession(session)
    invalid.assertStatus(422)
  })
})

test.group('DELETE /api/public-uploads/:id', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('removes the file from disk, the row and its shares; keeps the log; 404 after', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson()
    const upload = await storedUpload('to be removed')
    const share = await new StaffShares().create(upload.id, {}, null, 'http://x')
    await client.post(`/api/share/${share.token}/download`).json({}).withCsrfToken()
    assert.isTrue(await exists(storedPath(upload)))

    const unauthenticated = await client.delete(`/api/public-uploads/${upload.id}`).withCsrfToken()
    unauthenticated.assertStatus(401)

    const response = await client
      .delete(`/api/public-uploads/${upload.id}`)
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true })
    assert.isFalse(await exists(storedPath(upload)))
    assert.isNull(await PublicUpload.find(upload.id))
    assert.lengthOf(await db.from('staff_shares').where('upload_id', upload.id), 0)
    const log = await db.from('download_logs').where('file_name', 'report.pdf').firstOrFail()
    assert.isNull(log.upload_id)

    const again = await client
      .delete(`/api/public-uploads/${upload.id}`)
      .withSession(session)
      .withCsrfToken()
    again.assertStatus(404)
    again.assertBody({ error: 'Upload not found' })
  })
})

test.group('GET /api/public-uploads/:id/download', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff get a signed URL to any finished upload; the download is logged as theirs', async ({
    client,
    assert,
  }) => {
    const { user, session } = await transferPerson()
    const upload = await storedUpload('staff copy')
    const response = await client
      .get(`/api/public-uploads/${upload.id}/download`)
      .withSession(session)
      .redirects(0)
    response.assertStatus(302)
    const file = await fetch(response.header('location')!)
    assert.equal(await file.text(), 'staff copy')
    const log = await db.from('download_logs').where('upload_id', upload.id).firstOrFail()
    assert.equal(log.downloaded_by_user_id, user.id)
    assert.isNull(log.share_id)
  })

  test('the visitor who uploaded it may download it; anyone else gets 404', async ({
    client,
    assert,
  }) => {
    const ownerKey = 'the-visitors-own-key'
    const upload = await storedUpload('my own file', {
      ownerKeyHash: uploadOwnership.hash(ownerKey),
    })
    const owner = await client
      .get(`/api/public-uploads/${upload.id}/download`)
      .withSession({ uploadOwnerKey: ownerKey })
      .redirects(0)
    owner.assertStatus(302)
    const file = await fetch(owner.header('location')!)
    assert.equal(await file.text(), 'my own file')

    const strangers: Record<string, string>[] = [{}, { uploadOwnerKey: 'someone-else' }]
    for (const session of strangers) {
      const stranger = await client
        .get(`/api/public-uploads/${upload.id}/download`)
        .withSession(session)
        .redirects(0)
      stranger.assertStatus(404)
      stranger.assertBody({ error: 'Upload not found' })
    }
  })

  test('a removed staff member is a stranger: 404, and their share downloads log no person', async ({
    client,
    assert,
  }) => {
    const { user, session } = await transferPerson()
    await user.delete()
    const upload = await storedUpload('x')
    const response = await client
      .get(`/api/public-uploads/${upload.id}/download`)
      .withSession(session)
      .redirects(0)
    response.assertStatus(404)

    const share = await new StaffShares().create(upload.id, {}, null, 'http://x')
    const download = await client
      .post(`/api/share/${share.token}/download`)
      .json({})
      .withSession(session)
      .withCsrfToken()
    download.assertStatus(200)
    const log = await db.from('download_logs').where('share_id', share.id).firstOrFail()
    assert.isNull(log.downloaded_by_user_id)
  })

  test('an unfinished or unknown upload is 404, even for staff', async ({ client }) => {
    const { session } = await transferPerson()
    const partial = await storedUpload('half', { status: 'uploading' })
    for (const id of [partial.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await client
        .get(`/api/public-uploads/${id}/download`)
        .withSession(session)
        .redirects(0)
      response.assertStatus(404)
    }
  })
})
