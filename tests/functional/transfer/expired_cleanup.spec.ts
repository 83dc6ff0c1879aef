import { randomBytes } from 'node:crypto'
import { access, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import db from '@adonisjs/lucid/services/db'
import PublicUpload from '#models/transfer/public_upload'
import StaffShare from '#models/transfer/staff_share'
import DownloadLog from '#models/transfer/download_log'
import { ExpiredCleanup } from '#services/transfer/expired_cleanup'
import { transferConfig } from '#config/transfer'
import { jobs } from '#jobs/transfer/registry'
import { runRegisteredJob } from '#tests/helpers/registered_jobs'

/*
 * These tests commit their rows (no global transaction): the cleanup's
 * advisory lock and its removals use several connections, as in production.
 * Each test empties the tables it touched.
 */

/** A time relative to the database's clock, e.g. ago('25 hours'). */
function ago(interval: string) {
  return db.raw(`now() - interval '${interval}'`)
}

function fromNow(interval: string) {
  return db.raw(`now() + interval '${interval}'`)
}

function filePath(upload: PublicUpload) {
  return join(transferConfig.fs.directory, upload.storageKey)
}

async function exists(path: string) {
  return access(path).then(
    () => true,
    () => false
  )
}

/** A stored upload on the fs disk: its bytes, tus's metadata file and its row. */
async function storedUpload(
  fields: {
    status?: 'uploading' | 'complete'
    expiresAt?: ReturnType<typeof db.raw> | null
    touchedAt?: ReturnType<typeof db.raw>
  } = {}
) {
  const key = randomBytes(16).toString('hex')
  await mkdir(transferConfig.fs.directory, { recursive: true })
  await writeFile(join(transferConfig.fs.directory, key), 'some bytes')
  await writeFile(join(transferConfig.fs.directory, `${key}.json`), '{}')
  const upload = await PublicUpload.create({
    storageKey: key,
    disk: 'fs',
    fileName: `${key.slice(0, 6)}.mov`,
    mimeType: 'video/quicktime',
    size: 10,
    receivedBytes: fields.status === 'uploading' ? 4 : 10,
    status: fields.status ?? 'complete',
    ownerKeyHash: 'owner',
  })
  await db
    .from('public_uploads')
    .where('id', upload.id)
    .update({
      expires_at: fields.expiresAt ?? null,
      updated_at: fields.touchedAt ?? db.raw('now()'),
    })
  return upload
}

async function share(upload: PublicUpload, expiresAt: ReturnType<typeof db.raw> | null) {
  const created = await StaffShare.create({
    token: randomBytes(12).toString('hex'),
    uploadId: upload.id,
    downloadCount: 0,
    notifyOnDownload: false,
    recipientEmails: [],
  })
  await db.from('staff_shares').where('id', created.id).update({ expires_at: expiresAt })
  return created
}

/** One instance's run of the hourly job. */
async function runCleanup() {
  const cleanup = await app.container.make(ExpiredCleanup)
  return cleanup.run()
}

async function stillThere(upload: PublicUpload) {
  const row = await PublicUpload.find(upload.id)
  return { row: row !== null, file: await exists(filePath(upload)) }
}

async function shareExists(id: string) {
  const found = await StaffShare.find(id)
  return found !== null
}

test.group('transfer expired-file cleanup', (group) => {
  group.each.teardown(async () => {
    await db.from('download_logs').delete()
    await db.from('staff_shares').delete()
    await db.from('public_uploads').delete()
  })

  test('removes expired shares and expired uploads, files and rows; leaves the rest', async ({
    assert,
  }) => {
    const expired = await storedUpload({ expiresAt: ago('1 minute') })
    const current = await storedUpload({ expiresAt: fromNow('1 day') })
    const kept = await storedUpload({ expiresAt: null })
    const expiredShare = await share(kept, ago('1 hour'))
    const liveShare = await share(kept, fromNow('1 hour'))
    const log = await DownloadLog.create({
      shareId: expiredShare.id,
      uploadId: kept.id,
      fileName: kept.fileName,
      ip: '203.0.113.5',
      deviceType: 'desktop',
    })

    const counts = await runCleanup()
    assert.deepEqual(counts, {
      ran: true,
      expiredShares: 1,
      expiredUploads: 1,
      abandonedUploads: 0,
      failed: 0,
    })
    assert.deepEqual(await stillThere(expired), { row: false, file: false })
    assert.isFalse(await exists(`${filePath(expired)}.json`), "tus's metadata file goes too")
    assert.deepEqual(await stillThere(current), { row: true, file: true })
    assert.deepEqual(await stillThere(kept), { row: true, file: true })
    assert.isFalse(await shareExists(expiredShare.id))
    assert.isTrue(await shareExists(liveShare.id))
    const logAfter = await DownloadLog.findOrFail(log.id)
    assert.isNull(logAfter.shareId, 'the download log stays, no longer pointing at the share')
    assert.equal(logAfter.fileName, kept.fileName)
  })

  test('an expired upload stays while a share without expiry or a live share offers it', async ({
    assert,
  }) => {
    const forever = await storedUpload({ expiresAt: ago('1 day') })
    await share(forever, null)
    const live = await storedUpload({ expiresAt: ago('1 day') })
    await share(live, fromNow('2 days'))
    const lapsed = await storedUpload({ expiresAt: ago('1 day') })
    await share(lapsed, ago('1 minute'))

    const counts = await runCleanup()
    assert.equal(counts.expiredShares, 1)
    assert.equal(counts.expiredUploads, 1)
    assert.deepEqual(await stillThere(forever), { row: true, file: true })
    assert.deepEqual(await stillThere(live), { row: true, file: true })
    assert.deepEqual(await stillThere(lapsed), { row: false, file: false })
  })

  test('partial uploads untouched for longer than the abandonment period are removed', async ({
    assert,
  }) => {
    const hours = transferConfig.abandonedUploadAfterMs / 3_600_000
    const abandoned = await storedUpload({
      status: 'uploading',
      touchedAt: ago(`${hours} hours 1 minute`),
    })
    const active = await storedUpload({
      status: 'uploading',
      touchedAt: ago(`${hours - 1} hours`),
    })
    const oldButFinished = await storedUpload({ touchedAt: ago(`${hours * 10} hours`) })

    const counts = await runCleanup()
    assert.equal(counts.abandonedUploads, 1)
    assert.equal(counts.expiredUploads, 0)
    assert.deepEqual(await stillThere(abandoned), { row: false, file: false })
    assert.deepEqual(await stillThere(active), { row: true, file: true })
    assert.deepEqual(await stillThere(oldButFinished), { row: true, file: true })
  })

  test('idempotent: a file already gone is no error, and a second run finds nothing', async ({
    assert,
  }) => {
    const gone = await storedUpload({ expiresAt: ago('1 hour') })
    await rm(filePath(gone))
    await storedUpload({ status: 'uploading', touchedAt: ago('30 days') })

    const first = await runCleanup()
    assert.deepEqual(first, {
      ran: true,
      expiredShares: 0,
      expiredUploads: 1,
      abandonedUploads: 1,
      failed: 0,
    })
    assert.isNull(await PublicUpload.find(gone.id))

    const second = await runCleanup()
    assert.deepEqual(second, {
      ran: true,
      expiredShares: 0,
      expiredUploads: 0,
      abandonedUploads: 0,
      failed: 0,
    })
  })

  test('the hourly job (transfer.cleanup-expired) runs this cleanup', async ({ assert }) => {
    const expired = await storedUpload({ expiresAt: ago('1 minute') })
    assert.deepEqual(await runRegisteredJob(jobs, 'transfer.cleanup-expired'), {
      ran: true,
      expiredShares: 0,
      expiredUploads: 1,
      abandonedUploads: 0,
      failed: 0,
    })
    assert.deepEqual(await stillThere(expired), { row: false, file: false })
  })

  test('two instances at once: one does the work, the other skips the run', async ({ assert }) => {
    const uploads = await Promise.all(
      Array.from({ length: 12 }, () => storedUpload({ expiresAt: ago('1 hour') }))
    )
    const [one, two] = await Promise.all([runCleanup(), runCleanup()])
    const worker = one.ran ? one : two
    const skipper = one.ran ? two : one
    assert.isTrue(worker.ran)
    assert.isFalse(skipper.ran, 'the second instance found the lock taken')
    assert.equal(worker.expiredUploads, 12)
    assert.equal(skipper.expiredUploads, 0)
    for (const upload of uploads) {
      assert.deepEqual(await stillThere(upload), { row: false, file: false })
    }
  })
})

test.group('transfer:cleanup-expired', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.teardown(async () => {
    await db.from('staff_shares').delete()
    await db.from('public_uploads').delete()
  })

  test('runs the cleanup now and prints what it removed and the counts', async ({ assert }) => {
    const expired = await storedUpload({ expiresAt: ago('1 hour') })
    const lapsed = await share(await storedUpload({ expiresAt: null }), ago('1 hour'))

    const { exitCode, output } = await runCommand('transfer:cleanup-expired', ['--force'])
    assert.equal(exitCode, 0)
    assert.include(output, `Removed the expired share ${lapsed.token}`)
    assert.include(output, `Removed the expired upload ${expired.fileName} (${expired.id})`)
    assert.include(
      output,
      'Removed 1 expired share(s), 1 expired upload(s) and 0 abandoned upload(s)'
    )
    assert.isNull(await PublicUpload.find(expired.id))
  })

  test('--dry-run lists what would go and removes nothing; off a terminal it needs --force', async ({
    assert,
  }) => {
    const expired = await storedUpload({ expiresAt: ago('1 hour') })
    const lapsed = await share(await storedUpload({ expiresAt: null }), ago('1 hour'))

    const preview = await runCommand('transfer:cleanup-expired', ['--dry-run'])
    assert.equal(preview.exitCode, 0)
    assert.include(preview.output, expired.fileName)
    assert.include(preview.output, lapsed.token)
    assert.include(preview.output, '--dry-run: nothing removed')
    const refused = await runCommand('transfer:cleanup-expired')
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'run it again with --force')
    assert.isNotNull(await PublicUpload.find(expired.id))
    assert.isNotNull(await StaffShare.find(lapsed.id))

    ace.prompt
      .trap('Remove 1 expired share(s), 1 expired upload(s) and 0 abandoned upload(s) for good?')
      .accept()
    const confirmed = await runCommand('transfer:cleanup-expired')
    assert.equal(confirmed.exitCode, 0)
    assert.isNull(await PublicUpload.find(expired.id))

    const empty = await runCommand('transfer:cleanup-expired')
    assert.equal(empty.exitCode, 0)
    assert.include(empty.output, 'Nothing has run out')
  })
})
