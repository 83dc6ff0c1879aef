import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import pg from 'pg'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'
import { TransferProcess } from '#tests/helpers/transfer_process'

/*
 * A transfer server killed (SIGKILL) in the middle of a backup and started
 * again: the startup sweep resumes the backup from the offset the provider
 * committed, and the provider's file is byte-identical to the upload. The
 * backup is set up with the transfer:backup:setup commands against the
 * Dropbox fake; chunks are 1 MiB so the kill lands mid-file.
 */

const MiB = 1024 * 1024
const FILE_BYTES = 24 * MiB

type BackupRow = {
  backup_status: string
  backup_bytes_done: string
  backup_session_id: string | null
  backup_path: string | null
  backup_error: string | null
}

test.group('transfer backup across a crash', (group) => {
  let dropbox: DropboxFake
  let server: TransferProcess
  let database: pg.Client

  group.setup(async () => {
    dropbox = await startDropboxFake()
    server = await new TransferProcess('backup_restart', {
      ...dropbox.env,
      BACKUP_CHUNK_MB: '1',
      BACKUP_APP_SECRET: dropbox.appSecret,
    }).prepare()
    database = new pg.Client({ connectionString: server.databaseUrl })
    await database.connect()
    return async () => {
      await database.end()
      await server.cleanup()
      await dropbox.close()
    }
  })

  async function row(id: string) {
    const { rows } = await database.query<BackupRow>(
      'select backup_status, backup_bytes_done, backup_session_id, backup_path, backup_error from public_uploads where id = $1',
      [id]
    )
    return rows[0]
  }

  async function until(what: string, check: () => Promise<boolean>) {
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`timed out waiting for ${what}:\n${server.output}`)
  }

  test('killed mid-backup, restarted: resumed from the committed offset, the file identical', async ({
    assert,
  }) => {
    // Set up as an admin would from the command line.
    await server.ace('transfer:backup:setup', 'credentials', dropbox.appKey)
    const page = await fetch(
      `${dropbox.env.DROPBOX_WWW_URL}/oauth2/authorize?client_id=${dropbox.appKey}&response_type=code&token_access_type=offline&decision=allow`,
      { method: 'POST' }
    )
    const code = /<code id="auth-code">([^<]+)<\/code>/.exec(await page.text())![1]
    const connected = await server.ace('transfer:backup:setup', 'connect', `--code=${code}`)
    assert.include(connected, 'Connected to Harbour Lights Backups <backups@example.com>')
    const folder = await server.ace('transfer:backup:setup', 'folder', '/Backups', '--create')
    assert.include(folder, 'Backups go to /Backups')

    // A finished upload on the server's disk, waiting for its backup.
    const bytes = randomBytes(FILE_BYTES)
    const key = randomBytes(16).toString('hex')
    const uploads = join(server.directory, 'drive', 'public-uploads')
    await mkdir(uploads, { recursive: true })
    await writeFile(join(uploads, key), bytes)
    const { rows } = await database.query<{ id: string }>(
      `insert into public_uploads (storage_key, disk, file_name, size, received_bytes, status,
         owner_key_hash, hash_status, backup_status, completed_at)
       values ($1, 'fs', 'night shoot.mxf', $2, $2, 'complete', 'x', 'done', 'pending', now())
       returning id`,
      [key, FILE_BYTES]
    )
    const id = rows[0].id

    // Started, the server's startup sweep picks the backup up; it dies after eight chunks.
    let appends = 0
    let killed: Promise<void> | undefined
    dropbox.onRequest((request) => {
      if (request.path === '/2/files/upload_session/append_v2' && ++appends === 8) {
        killed = server.kill()
      }
    })
    await server.start()
    await until('the kill', async () => killed !== undefined)
    await killed
    dropbox.onRequest(null)

    const interrupted = await row(id)
    assert.equal(interrupted.backup_status, 'uploading')
    assert.isNotNull(interrupted.backup_session_id)
    const recorded = Number(interrupted.backup_bytes_done)
    assert.isAbove(recorded, 0)
    assert.isBelow(recorded, FILE_BYTES)
    const committed = dropbox.sessionOffset(interrupted.backup_session_id!)!
    assert.isAtLeast(committed, recorded)
    const before = dropbox.received.length

    await server.start()
    await until('the backup', async () => {
      const now = await row(id)
      return now.backup_status === 'done'
    })

    const done = await row(id)
    assert.isNull(done.backup_error)
    const stored = dropbox.file(done.backup_path!)!
    assert.deepEqual(await readFile(stored.diskPath), bytes)
    const after = dropbox.received.slice(before)
    assert.lengthOf(
      after.filter((request) => request.path === '/2/files/upload_session/start'),
      0,
      'the file was not started again'
    )
    const offsets = after
      .filter((request) => request.path === '/2/files/upload_session/append_v2')
      .map((request) => (request.arg as { cursor: { offset: number } }).cursor.offset)
    // The first call after the restart asks where the session stands, at the recorded offset.
    assert.equal(offsets[0], recorded)
    assert.isAtMost(offsets.length, (FILE_BYTES - recorded) / MiB + 2)
  }).timeout(240_000)
})
