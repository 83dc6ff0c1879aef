import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import yauzl from 'yauzl'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'
import Setting from '#models/transfer/setting'
import PublicUpload from '#models/transfer/public_upload'
import { allowAt, dropboxProviderFor } from '#tests/helpers/dropbox_backup'
import { BackupSettings } from '#services/transfer/backup/backup_settings'
import { BACKUP_UPLOAD_JOB, BackupQueue } from '#services/transfer/backup/backup_queue'
import { PublicUploadIntake } from '#services/transfer/public_upload_intake'
import { UploadStorage } from '#services/transfer/upload_storage'
import { UploadBackup } from '#services/transfer/backup/upload_backup'
import type { JobSender } from '#services/shared/jobs/job_definition'
import { ApiRequest, type ApiClient } from '@japa/api-client'

/*
 * /api/cloudsync/* (spec 2): an admin sets the backup up against the Dropbox
 * fake (credentials, the OAuth round trip with its state, a folder), staff
 * browse the backup, download one file and a zip of several; staff are
 * refused the setup. Jobs are recorded rather than run: the backup of one
 * upload is backup_runner.spec.ts.
 */

type Session = Awaited<ReturnType<typeof transferPerson>>['session']

let dropbox: DropboxFake
let settings: BackupSettings
const sent: { name: string; data: unknown }[] = []
const recorder: JobSender = {
  async send(name, data) {
    sent.push({ name, data })
    return randomBytes(4).toString('hex')
  },
}

async function saveCredentials(client: ApiClient, admin: Session) {
  const response = await client
    .post('/api/cloudsync/save-credentials')
    .json({ appKey: dropbox.appKey, appSecret: dropbox.appSecret })
    .withSession(admin)
    .withCsrfToken()
  response.assertStatus(200)
}

/** The whole admin setup: credentials, connect and back, a folder. */
async function setUp(client: ApiClient, admin: Session, folder = '/Backups') {
  await saveCredentials(client, admin)
  const connect = await client.post('/api/cloudsync/connect').withSession(admin).withCsrfToken()
  const back = await allowAt(dropbox, connect.body().authorizeUrl)
  const callback = await client
    .get(`/api/cloudsync/connect/callback${back.search}`)
    .withSession(connect.session())
    .redirects(0)
  callback.assertStatus(302)
  dropbox.addFolder(folder)
  const chosen = await client
    .post('/api/cloudsync/folders')
    .json({ path: folder })
    .withSession(admin)
    .withCsrfToken()
  chosen.assertStatus(200)
  return callback
}

/** Every entry of a zip: its name and bytes. */
function zipEntries(bytes: Buffer) {
  return new Promise<Map<string, Buffer>>((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      const entries = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError) return reject(streamError)
          const chunks: Buffer[] = []
          for await (const chunk of stream) chunks.push(chunk as Buffer)
          entries.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      })
      zip.on('end', () => resolve(entries))
      zip.readEntry()
    })
  })
}

test.group('transfer backup setup and browsing (/api/cloudsync)', (group) => {
  group.setup(async () => {
    dropbox = await startDropboxFake()
    settings = new BackupSettings(dropboxProviderFor(dropbox))
    app.container.swap(BackupSettings, () => settings)
    app.container.swap(BackupQueue, () => new BackupQueue(recorder, settings))
    // A zip answer as its bytes.
    ApiRequest.addParser('application/zip', (response, done) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => done(null, Buffer.concat(chunks)))
    })
    return async () => {
      ApiRequest.removeParser('application/zip')
      app.container.restore(BackupSettings)
      app.container.restore(BackupQueue)
      await dropbox.close()
    }
  })
  group.each.setup(async () => {
    sent.length = 0
    await dropbox.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('staff are refused every setup route with 403', async ({ client }) => {
    const { session } = await transferPerson('staff')
    const routes: [string, string][] = [
      ['get', '/api/cloudsync/status'],
      ['post', '/api/cloudsync/save-credentials'],
      ['post', '/api/cloudsync/connect'],
      ['get', '/api/cloudsync/connect/callback'],
      ['post', '/api/cloudsync/disconnect'],
      ['get', '/api/cloudsync/folders'],
      ['post', '/api/cloudsync/folders'],
    ]
    for (const [method, url] of routes) {
      const request = method === 'get' ? client.get(url) : client.post(url).withCsrfToken()
      const response = await request.withSession(session)
      response.assertStatus(403)
      response.assertBody({ error: 'Admin access required' })
    }
  })

  test('credentials: the secret is needed once, stored encrypted and never sent back', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await transferPerson('admin')
    const missing = await client
      .post('/api/cloudsync/save-credentials')
      .json({ appKey: dropbox.appKey })
      .withSession(admin)
      .withCsrfToken()
    missing.assertStatus(422)
    assert.containsSubset(missing.body().errors, [{ field: 'appSecret', rule: 'required' }])

    await saveCredentials(client, admin)
    const status = await client.get('/api/cloudsync/status').withSession(admin)
    assert.containsSubset(status.body(), {
      provider: 'Dropbox',
      appKey: dropbox.appKey,
      hasAppSecret: true,
      connected: false,
      folder: null,
    })
    assert.notInclude(JSON.stringify(status.body()), dropbox.appSecret)
    const stored = await Setting.findOrFail('backup_app_secret')
    assert.notInclude(JSON.stringify(stored.value), dropbox.appSecret)

    // A new key without a secret keeps the stored secret.
    const again = await client
      .post('/api/cloudsync/save-credentials')
      .json({ appKey: dropbox.appKey, appSecret: '' })
      .withSession(admin)
      .withCsrfToken()
    again.assertStatus(200)
    assert.isTrue(again.body().hasAppSecret)
  })

  test('connects through OAuth: the state comes back, the token is kept encrypted, the account shows', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await transferPerson('admin')
    const callback = await setUp(client, admin)
    assert.equal(callback.header('location'), '/admin/settings?backup=connected#backup')
    const status = await client.get('/api/cloudsync/status').withSession(admin)
    assert.containsSubset(status.body(), {
      connected: true,
      account: { email: 'backups@example.com', name: 'Harbour Lights Backups' },
      folder: '/Backups',
      problem: null,
    })
    const token = await Setting.findOrFail('backup_refresh_token')
    assert.notMatch(JSON.stringify(token.value), /rt\./)
    assert.notInclude(JSON.stringify(status.body()), 'rt.')
  })

  test('a wrong or replayed OAuth state connects nothing', async ({ client, assert }) => {
    const { session: admin } = await transferPerson('admin')
    await saveCredentials(client, admin)
    const connect = await client.post('/api/cloudsync/connect').withSession(admin).withCsrfToken()
    const state = new URL(connect.body().authorizeUrl).searchParams.get('state')!
    assert.equal(connect.session().backupOAuthState, state)
    const back = await allowAt(dropbox, connect.body().authorizeUrl)

    const forged = new URLSearchParams(back.search)
    forged.set('state', 'f'.repeat(64))
    const wrong = await client
      .get(`/api/cloudsync/connect/callback?${forged}`)
      .withSession(connect.session())
      .redirects(0)
    assert.equal(wrong.header('location'), '/admin/settings?backup=invalid_state#backup')
    assert.isNull(await Setting.find('backup_refresh_token'))
    // The state was spent by the refused attempt too.
    const replay = await client
      .get(`/api/cloudsync/connect/callback${back.search}`)
      .withSession(wrong.session())
      .redirects(0)
    assert.equal(replay.header('location'), '/admin/settings?backup=invalid_state#backup')
    assert.isNull(await Setting.find('backup_refresh_token'))
    assert.lengthOf(
      dropbox.received.filter((request) => request.path === '/oauth2/token'),
      0,
      'no code was traded'
    )
  })

  test('folders: browses folders only, refuses one that does not exist, makes one on request', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await transferPerson('admin')
    await setUp(client, admin)
    dropbox.addFolder('/Clients/Acme')
    await dropbox.addFile('/loose.txt', Buffer.from('x'))
    const root = await client.get('/api/cloudsync/folders').withSession(admin)
    root.assertStatus(200)
    assert.deepEqual(
      root.body().entries.map((entry: { path: string }) => entry.path),
      ['/Backups', '/Clients']
    )
    const missing = await client
      .post('/api/cloudsync/folders')
      .json({ path: '/Nowhere' })
      .withSession(admin)
      .withCsrfToken()
    missing.assertStatus(404)
    const made = await client
      .post('/api/cloudsync/folders')
      .json({ path: '/Transfer backups', create: true })
      .withSession(admin)
      .withCsrfToken()
    made.assertStatus(200)
    assert.equal(made.body().folder, '/Transfer backups')
  })

  test('disconnect revokes the token at the provider and forgets it', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await transferPerson('admin')
    await setUp(client, admin)
    const response = await client
      .post('/api/cloudsync/disconnect')
      .withSession(admin)
      .withCsrfToken()
    response.assertStatus(200)
    assert.isFalse(response.body().connected)
    assert.isNull(response.body().account)
    assert.isNull(await Setting.find('backup_refresh_token'))
    assert.lengthOf(
      dropbox.received.filter((request) => request.path === '/2/auth/token/revoke'),
      1
    )
  })

  test('revoked at the provider: the status says so, and reconnecting clears it and retries the failed uploads', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await transferPerson('admin')
    await setUp(client, admin)
    // The person unlinked the app at Dropbox; the next backup fails for good.
    dropbox.revokeAllTokens()
    const upload = await storedUpload('footage')
    const backup = new UploadBackup(await app.container.make(UploadStorage), settings)
    assert.equal(await backup.run(upload.id), 'failed')

    const broken = await client.get('/api/cloudsync/status').withSession(admin)
    assert.containsSubset(broken.body(), { connected: true })
    assert.include(broken.body().problem, 'no longer accepts this connection')

    sent.length = 0
    const connect = await client.post('/api/cloudsync/connect').withSession(admin).withCsrfToken()
    const back = await allowAt(dropbox, connect.body().authorizeUrl)
    const callback = await client
      .get(`/api/cloudsync/connect/callback${back.search}`)
      .withSession(connect.session())
      .redirects(0)
    assert.equal(callback.header('location'), '/admin/settings?backup=connected#backup')

    const mended = await client.get('/api/cloudsync/status').withSession(admin)
    assert.containsSubset(mended.body(), { connected: true, folder: '/Backups', problem: null })
    await upload.refresh()
    assert.equal(upload.backupStatus, 'pending')
    assert.deepInclude(sent, { name: BACKUP_UPLOAD_JOB, data: { uploadId: upload.id } })
    // The new connection works: the retried backup goes through.
    assert.equal(await backup.run(upload.id), 'done')
  })

  test('a finished upload is queued for backup once the backup is set up, and the backlog with it', async ({
    client,
    assert,
  }) => {
    const before = await storedUpload('from before the backup existed')
    const { session: admin } = await transferPerson('admin')
    await setUp(client, admin)
    await before.refresh()
    assert.equal(before.backupStatus, 'pending')
    assert.deepInclude(sent, { name: BACKUP_UPLOAD_JOB, data: { uploadId: before.id } })

    sent.length = 0
    const arriving = await storedUpload('new bytes', { status: 'uploading' })
    const intake = new PublicUploadIntake(await app.container.make(UploadStorage))
    await intake.finish(arriving.storageKey)
    await arriving.refresh()
    assert.equal(arriving.backupStatus, 'pending')
    assert.deepEqual(sent, [{ name: BACKUP_UPLOAD_JOB, data: { uploadId: arriving.id } }])

    const { session: staff } = await transferPerson('staff')
    const progress = await client.get('/api/cloudsync/progress').withSession(staff)
    assert.containsSubset(progress.body(), { configured: true, total: 2, pending: 2, done: 0 })
    assert.lengthOf(await PublicUpload.query().where('backup_status', 'pending'), 2)
  })

  test('staff browse the backup folder only, download one file and a zip of three', async ({
    client,
    assert,
  }) => {
    const { session: staff } = await transferPerson('staff')
    const before = await client.get('/api/cloudsync/available').withSession(staff)
    assert.deepEqual(before.body(), { available: false })
    const notSet = await client.get('/api/cloudsync/files').withSession(staff)
    notSet.assertStatus(409)

    const { session: admin } = await transferPerson('admin')
    await setUp(client, admin)
    const files = {
      '/Backups/2026-11-20/a.mov': randomBytes(70_000),
      '/Backups/2026-11-20/b.pdf': Buffer.from('%PDF b'),
      '/Backups/2026-11-21/a.mov': Buffer.from('another a'),
    }
    for (const [path, bytes] of Object.entries(files)) await dropbox.addFile(path, bytes)
    await dropbox.addFile('/Private/salaries.xlsx', Buffer.from('secret'))

    const available = await client.get('/api/cloudsync/available').withSession(staff)
    assert.deepEqual(available.body(), { available: true })
    const top = await client.get('/api/cloudsync/files').withSession(staff)
    assert.equal(top.body().path, '/Backups')
    assert.deepEqual(
      top.body().entries.map((entry: { name: string }) => entry.name),
      ['2026-11-20', '2026-11-21']
    )
    const day = await client
      .get('/api/cloudsync/files')
      .qs({ path: '/Backups/2026-11-20' })
      .withSession(staff)
    assert.containsSubset(day.body().entries, [
      { kind: 'file', name: 'a.mov', path: '/Backups/2026-11-20/a.mov', size: 70_000 },
    ])
    for (const outside of ['/Private', '/Backups/../Private', '/Backupsx']) {
      const refused = await client
        .get('/api/cloudsync/files')
        .qs({ path: outside })
        .withSession(staff)
      refused.assertStatus(400)
    }

    const link = await client
      .get('/api/cloudsync/download-url')
      .qs({ path: '/Backups/2026-11-20/b.pdf' })
      .withSession(staff)
    const downloaded = await fetch(link.body().url)
    assert.equal(await downloaded.text(), '%PDF b')
    const privateLink = await client
      .get('/api/cloudsync/download-url')
      .qs({ path: '/Private/salaries.xlsx' })
      .withSession(staff)
    privateLink.assertStatus(400)

    const zip = await client
      .post('/api/cloudsync/zip-files')
      .json({ paths: Object.keys(files) })
      .withSession(staff)
      .withCsrfToken()
    zip.assertStatus(200)
    assert.equal(zip.header('content-type'), 'application/zip')
    assert.match(
      zip.header('content-disposition') ?? '',
      /^attachment; filename="backup-\d{4}-\d{2}-\d{2}\.zip"$/
    )
    const entries = await zipEntries(zip.body() as Buffer)
    assert.deepEqual([...entries.keys()], ['a.mov', 'b.pdf', 'a (2).mov'])
    assert.deepEqual(entries.get('a.mov'), files['/Backups/2026-11-20/a.mov'])
    assert.deepEqual(entries.get('b.pdf'), files['/Backups/2026-11-20/b.pdf'])
    assert.deepEqual(entries.get('a (2).mov'), files['/Backups/2026-11-21/a.mov'])
  })
})
