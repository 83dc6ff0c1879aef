import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { runCommand } from '#tests/helpers/ace_commands'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'
import { storedUpload } from '#tests/helpers/stored_uploads'
import PublicUpload from '#models/transfer/public_upload'
import { allowAt, dropboxProviderFor } from '#tests/helpers/dropbox_backup'
import { BackupSettings } from '#services/transfer/backup/backup_settings'
import { UploadBackup, holdUpload } from '#services/transfer/backup/upload_backup'
import { ProviderUnavailable } from '#services/transfer/backup/backup_provider'
import { createUploadStorage } from '#services/transfer/upload_storage'

/*
 * One upload's backup to Dropbox (the fake, through the real SDK), in 1 MiB
 * chunks: bytes identical at the provider, progress kept on the upload, an
 * expired token refreshed mid-file, a stopped run resumed from the
 * provider's committed offset, a provider that answers 503, a revoked
 * connection, and nothing sent twice.
 */

const MiB = 1024 * 1024
const REDIRECT = 'http://127.0.0.1:5000/api/cloudsync/callback'

let dropbox: DropboxFake
let settings: BackupSettings

/** Connects the backup to the fake's account, as the admin's OAuth round trip does. */
async function connectBackup() {
  const provider = settings.provider
  await settings.saveCredentials(dropbox.appKey, dropbox.appSecret, null)
  const back = await allowAt(
    dropbox,
    await provider.authorizeUrl(await settings.credentials(), REDIRECT, 's')
  )
  const code = back.searchParams.get('code')!
  const { refreshToken, account } = await provider.connect(
    await settings.credentials(),
    code,
    REDIRECT
  )
  await settings.saveConnection(refreshToken, account, null)
  await settings.saveFolder('/Backups', null)
}

function backup(chunkBytes = MiB) {
  return new UploadBackup(createUploadStorage('fs'), settings, chunkBytes)
}

function requestsTo(route: string) {
  return dropbox.received.filter((request) => request.path === `/2/files/upload_session/${route}`)
}

function appendOffsets() {
  return requestsTo('append_v2').map(
    (request) => (request.arg as { cursor: { offset: number } }).cursor.offset
  )
}

async function backedUpBytes(upload: PublicUpload) {
  await upload.refresh()
  return readFile(dropbox.file(upload.backupPath!)!.diskPath)
}

test.group('transfer backup of one upload', (group) => {
  group.setup(async () => {
    dropbox = await startDropboxFake()
    settings = new BackupSettings(dropboxProviderFor(dropbox))
    return () => dropbox.close()
  })
  group.each.setup(async () => {
    await dropbox.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('sends the file in chunks through one session and records where it is', async ({
    assert,
  }) => {
    await connectBackup()
    const bytes = randomBytes(3 * MiB + 12_345)
    const upload = await storedUpload(bytes, { fileName: 'Day 2 rushes.mov' })
    const seen: number[] = []

    const outcome = await backup().run(upload.id, {
      onProgress: (progress) => seen.push(progress.bytesDone),
    })

    assert.equal(outcome, 'done')
    await upload.refresh()
    assert.equal(upload.backupStatus, 'done')
    assert.equal(
      upload.backupPath,
      `/Backups/${upload.completedAt!.toUTC().toISODate()}/Day 2 rushes.mov`
    )
    assert.equal(upload.backupBytesDone, bytes.length)
    assert.isNull(upload.backupSessionId)
    assert.isNull(upload.backupError)
    assert.isNotNull(upload.backupSyncedAt)
    assert.deepEqual(await backedUpBytes(upload), bytes)
    assert.lengthOf(requestsTo('start'), 1)
    assert.deepEqual(appendOffsets(), [MiB, 2 * MiB, 3 * MiB])
    assert.deepEqual(seen, [MiB, 2 * MiB, 3 * MiB, bytes.length])
  })

  test('an access token that expires after the second chunk is refreshed and that chunk sent again', async ({
    assert,
  }) => {
    await connectBackup()
    const bytes = randomBytes(4 * MiB)
    const upload = await storedUpload(bytes)
    let appends = 0
    dropbox.onRequest((request) => {
      if (request.path === '/2/files/upload_session/append_v2' && ++appends === 2) {
        dropbox.expireAccessTokens()
      }
    })

    assert.equal(await backup().run(upload.id), 'done')
    assert.deepEqual(await backedUpBytes(upload), bytes)
    assert.lengthOf(requestsTo('start'), 1, 'the file was not started again')
    assert.deepEqual(appendOffsets(), [MiB, 2 * MiB, 2 * MiB, 3 * MiB])
  })

  test('a stopped backup resumes from the offset the provider committed, not from zero', async ({
    assert,
  }) => {
    await connectBackup()
    const bytes = randomBytes(5 * MiB)
    const upload = await storedUpload(bytes)
    const stop = new AbortController()
    await assert.rejects(() =>
      backup().run(upload.id, {
        signal: stop.signal,
        onProgress: ({ bytesDone }) => bytesDone >= 2 * MiB && stop.abort(),
      })
    )
    await upload.refresh()
    assert.equal(upload.backupStatus, 'uploading')
    assert.equal(upload.backupBytesDone, 2 * MiB)
    assert.isNotNull(upload.backupSessionId)

    // The process died after the provider took a chunk but before the row said so.
    const sessionId = upload.backupSessionId!
    const appended = await fetch(
      `${dropbox.env.DROPBOX_CONTENT_URL}/2/files/upload_session/append_v2`,
      {
        method: 'POST',
        headers: {
          'authorization': requestsTo('append_v2')[0].headers.authorization,
          'content-type': 'application/octet-stream',
          'dropbox-api-arg': JSON.stringify({ cursor: { session_id: sessionId, offset: 2 * MiB } }),
        },
        body: new Uint8Array(bytes.subarray(2 * MiB, 3 * MiB)),
      }
    )
    assert.equal(appended.status, 200)
    dropbox.received.length = 0

    assert.equal(await backup().run(upload.id), 'done')
    assert.deepEqual(await backedUpBytes(upload), bytes)
    assert.lengthOf(requestsTo('start'), 0)
    // An empty append at the recorded offset learns the provider's, then the rest.
    assert.deepEqual(appendOffsets(), [2 * MiB, 3 * MiB, 4 * MiB])
    assert.equal(requestsTo('append_v2')[0].bodyBytes, 0)
  })

  test('a provider that answers 503 fails the attempt, keeps the progress, and the next attempt finishes', async ({
    assert,
  }) => {
    await connectBackup()
    const bytes = randomBytes(2 * MiB + 10)
    const upload = await storedUpload(bytes)
    let appends = 0
    dropbox.onRequest((request) => {
      if (request.path === '/2/files/upload_session/append_v2' && ++appends === 1) {
        dropbox.failNext({ status: 503 })
      }
    })
    await assert.rejects(() => backup().run(upload.id), ProviderUnavailable)
    await upload.refresh()
    assert.equal(upload.backupStatus, 'uploading')
    assert.include(upload.backupError!, 'not answering')

    assert.equal(await backup().run(upload.id), 'done')
    assert.deepEqual(await backedUpBytes(upload), bytes)
  })

  test('a connection revoked at the provider fails the upload and says so in the status', async ({
    assert,
  }) => {
    await connectBackup()
    const upload = await storedUpload(randomBytes(1000))
    dropbox.revokeAllTokens()
    assert.equal(await backup().run(upload.id), 'failed')
    await upload.refresh()
    assert.equal(upload.backupStatus, 'failed')
    assert.include(upload.backupError!, 'Reconnect it in Settings')
    const configuration = await settings.configuration()
    assert.include(configuration.problem!, 'no longer accepts this connection')
  })

  test('an upload already backed up, or not finished, is left alone', async ({ assert }) => {
    await connectBackup()
    const upload = await storedUpload(randomBytes(100))
    assert.equal(await backup().run(upload.id), 'done')
    const requests = dropbox.received.length
    assert.equal(await backup().run(upload.id), 'skipped')
    const unfinished = await storedUpload('partial', { status: 'uploading' })
    assert.equal(await backup().run(unfinished.id), 'skipped')
    assert.equal(dropbox.received.length, requests)
    assert.lengthOf(await PublicUpload.query().where('backup_status', 'done'), 1)
  })

  test('a backup another run holds is left to it, and taken up once it is let go', async ({
    assert,
  }) => {
    await connectBackup()
    const bytes = randomBytes(2 * MiB)
    const upload = await storedUpload(bytes)
    // Another process (a job, a command) is sending this upload.
    const release = (await holdUpload(upload.id))!
    assert.equal(await backup().run(upload.id), 'busy')
    assert.lengthOf(requestsTo('start'), 0)
    await release()

    assert.equal(await backup().run(upload.id), 'done')
    assert.deepEqual(await backedUpBytes(upload), bytes)
    // Done is done: a run that was waiting for the hold finds nothing to do.
    assert.equal(await backup().run(upload.id), 'skipped')
    assert.lengthOf(requestsTo('start'), 1)
  })
})

test.group('transfer:backup:* commands', (group) => {
  group.setup(async () => {
    dropbox = await startDropboxFake()
    settings = new BackupSettings(dropboxProviderFor(dropbox))
    app.container.swap(BackupSettings, () => settings)
    ace.ui.switchMode('raw')
    return async () => {
      ace.ui.switchMode('normal')
      app.container.restore(BackupSettings)
      await dropbox.close()
    }
  })
  group.each.setup(async () => {
    await dropbox.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('status says what is missing, then the connection, the folder and the backlog', async ({
    assert,
  }) => {
    const before = await runCommand('transfer:backup:status')
    assert.include(before.output, 'not connected')
    assert.include(before.output, 'not chosen')
    const resume = await runCommand('transfer:backup:resume')
    assert.equal(resume.exitCode, 1)
    assert.include(resume.output, 'Backup is not set up')

    await connectBackup()
    await storedUpload(randomBytes(2000))
    const after = await runCommand('transfer:backup:status')
    assert.include(after.output, 'Harbour Lights Backups <backups@example.com>')
    assert.include(after.output, '/Backups')
    assert.include(after.output, '0 of 1 upload(s)')
  })

  test('run backs one upload up with progress lines; resume continues the interrupted one and sends the rest', async ({
    assert,
  }) => {
    await connectBackup()
    const one = await storedUpload(randomBytes(5000), { fileName: 'one.wav' })
    const ran = await runCommand('transfer:backup:run', [one.id])
    assert.equal(ran.exitCode, 0)
    assert.include(ran.output, 'one.wav: 4.9 KB of 4.9 KB (100%)')
    assert.include(ran.output, `one.wav is backed up at /Backups/`)
    const again = await runCommand('transfer:backup:run', [one.id])
    assert.include(again.output, 'one.wav is already backed up')
    const unknown = await runCommand('transfer:backup:run', ['not-an-id'])
    assert.equal(unknown.exitCode, 1)

    const interruptedBytes = randomBytes(3 * MiB)
    const interrupted = await storedUpload(interruptedBytes, { fileName: 'two.mov' })
    const stop = new AbortController()
    await assert.rejects(() =>
      backup().run(interrupted.id, {
        signal: stop.signal,
        onProgress: ({ bytesDone }) => bytesDone >= MiB && stop.abort(),
      })
    )
    const waiting = await storedUpload(randomBytes(1000), { fileName: 'three.txt' })
    await PublicUpload.query().where('id', waiting.id).update({ backup_status: 'pending' })

    const resumed = await runCommand('transfer:backup:resume')
    assert.equal(resumed.exitCode, 0)
    assert.include(resumed.output, 'two.mov (1 of 2): continuing an interrupted backup')
    assert.include(resumed.output, 'two.mov (1 of 2): 3.0 MB of 3.0 MB (100%)')
    assert.include(resumed.output, 'three.txt (2 of 2): 1000 bytes of 1000 bytes (100%)')
    assert.include(resumed.output, 'Backed up 2 upload(s)')
    assert.deepEqual(await backedUpBytes(interrupted), interruptedBytes)
  })
})
