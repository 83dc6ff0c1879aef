import sharp from 'sharp'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import PublicUpload from '#models/transfer/public_upload'
import { UploadStorage } from '#services/transfer/upload_storage'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'
import { TusVisitor } from '#tests/helpers/tus_visitor'

const ORIGIN = `http://${env.get('HOST')}:${env.get('PORT')}`
/** A right-to-left override: shown as "photoexe.jpg", it is an .exe. */
const DISGUISED = 'photo\u202Egpj.exe'
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BIDI_OR_CONTROL = /[\u0000-\u001f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

test.group('transfer: uploaded file names keep no bidirectional or control characters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('the name stored, listed and downloaded is the plain one', async ({ client, assert }) => {
    const location = await new TusVisitor().upload(Buffer.from('MZ'), {
      filename: `\u2067${DISGUISED}\u2069\u200F`,
    })
    const upload = await PublicUpload.findByOrFail('storageKey', location.split('/').pop()!)
    assert.equal(upload.fileName, 'photogpj.exe')

    const { session } = await transferPerson('staff')
    const list = await client.get('/api/public-uploads').withSession(session)
    list.assertStatus(200)
    const listed = list.body().data.find((item: { id: string }) => item.id === upload.id)
    assert.equal(listed.fileName, 'photogpj.exe')

    const storage = await app.container.make(UploadStorage)
    const download = await fetch(await storage.downloadUrl(upload, ORIGIN))
    assert.equal(download.status, 200)
    const disposition = decodeURIComponent(download.headers.get('content-disposition')!)
    assert.include(disposition, 'photogpj.exe')
    assert.notMatch(disposition, BIDI_OR_CONTROL)
  })

  test('a theme medium keeps the plain name', async ({ client, assert }) => {
    const { session } = await transferPerson('admin')
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2563eb' },
    })
      .jpeg()
      .toBuffer()
    const upload = await client
      .post('/api/theme/media')
      .file('file', image, { filename: 'still\u202Egpj.exe.jpg' })
      .withSession(session)
      .withCsrfToken()
    upload.assertStatus(201)
    assert.equal(upload.body().name, 'stillgpj.exe.jpg')
  })

  test('a name stored before is sent without them when downloaded', async ({ assert }) => {
    const upload = await storedUpload('MZ', { fileName: DISGUISED })
    const storage = await app.container.make(UploadStorage)
    const download = await fetch(await storage.downloadUrl(upload, ORIGIN))
    assert.equal(download.status, 200)
    const disposition = decodeURIComponent(download.headers.get('content-disposition')!)
    assert.include(disposition, 'photogpj.exe')
    assert.notMatch(disposition, BIDI_OR_CONTROL)
  })
})
