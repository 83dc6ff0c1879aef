import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { test } from '@japa/runner'
import pg from 'pg'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'
import { TransferProcess } from '#tests/helpers/transfer_process'

/*
 * A transfer server as its own process, backing up to the Dropbox fake (set
 * up with the transfer:backup:setup commands, as an admin on the command line
 * would):
 * - killed (SIGKILL) in the middle of a backup and started again: the startup
 *   sweep resumes the backup from the offset the provider committed, and the
 *   provider's file is byte-identical to the upload (chunks of 1 MiB, so the
 *   kill lands mid-file);
 * - a 1 GiB upload backed up in chunks while the server's memory is read from
 *   /proc: it grows by a few chunks at most, never by the file's size.
 */

const MiB = 1024 * 1024
const FILE_BYTES = 24 * MiB
const BIG_FILE_BYTES = 1024 * MiB

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

  /** Sets the backup up once, as an admin on the command line: credentials, OAuth code, folder. */
  let setUp: Promise<{ connected: string; folder: string }> | undefined
  function connectByCommands() {
    setUp ??= (async () => {
      await server.ace('transfer:backup:setup', 'credentials', dropbox.appKey)
      const page = await fetch(
        `${dropbox.env.DROPBOX_WWW_URL}/oauth2/authorize?client_id=${dropbox.appKey}&response_type=code&token_access_type=offline&decision=allow`,
        { method: 'POST' }
      )
      const code = /<code id="auth-code">([^<]+)<\/code>/.exec(await page.text())![1]
      const connected = await server.ace('transfer:backup:setup', 'connect', `--code=${code}`)
      const folder = await server.ace('transfer:backup:setup', 'folder', '/Backups', '--create')
      return { connected, folder }
    })()
    return setUp
  }

  /** A finished upload on the server's disk, waiting for its backup; its id. */
  async function finishedUpload(key: string, name: string, size: number) {
    const { rows } = await database.query<{ id: string }>(
      `insert into public_uploads (storage_key, disk, file_name, size, received_bytes, status,
         owner_key_hash, hash_status, backup_status, completed_at)
       values ($1, 'fs', $2, $3, $3, 'complete', 'x', 'done', 'pending', now())
       returning id`,
      [key, name, size]
    )
    return rows[0].id
  }

  function uploadsDirectory() {
    return join(server.directory, 'drive', 'public-uploads')
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
    const { connected, folder } = await connectByCommands()
    assert.include(connected, 'Connected to Harbour Lights Backups <backups@example.com>')
    assert.include(folder, 'Backups go to /Backups')

    const bytes = randomBytes(FILE_BYTES)
    const key = randomBytes(16).toString('hex')
    await mkdir(uploadsDirectory(), { recursive: true })
    await writeFile(join(uploadsDirectory(), key), bytes)
    const id = await finishedUpload(key, 'night shoot.mxf', FILE_BYTES)

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

  test('a 1 GiB upload is backed up in chunks with the server memory flat', async ({ assert }) => {
    await connectByCommands()
    // The server is stopped while a finished upload lands on its disk, then
    // started with 8 MiB chunks: its startup sweep queues the backup and its
    // worker runs it, as after an upload finishes.
    await server.stop()
    server.extraEnv.BACKUP_CHUNK_MB = '8'

    // 1 GiB of random bytes, hashed as it is written.
    const key = randomBytes(16).toString('hex')
    await mkdir(uploadsDirectory(), { recursive: true })
    const written = createHash('sha256')
    await pipeline(
      Readable.from(
        (function* () {
          for (let offset = 0; offset < BIG_FILE_BYTES; offset += 16 * MiB) {
            const block = randomBytes(16 * MiB)
            written.update(block)
            yield block
          }
        })()
      ),
      createWriteStream(join(uploadsDirectory(), key))
    )
    const id = await finishedUpload(key, 'rushes day 1.mov', BIG_FILE_BYTES)
    const from = dropbox.received.length

    await server.start()
    // What the server holds once it answers (the sweep runs seconds later), and the high-water mark reset.
    const status = async () => {
      const text = await readFile(`/proc/${server.pid}/status`, 'utf8')
      const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)![1])
      return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 }
    }
    await writeFile(`/proc/${server.pid}/clear_refs`, '5')
    const before = await status()

    // The high-water mark of the first quarter (start-up of the worker, the
    // provider's client, the first chunks), then of the rest on its own.
    await until('a quarter of the backup', async () => {
      const now = await row(id)
      return Number(now.backup_bytes_done) >= BIG_FILE_BYTES / 4
    })
    const firstQuarter = await status()
    await writeFile(`/proc/${server.pid}/clear_refs`, '5')
    await until('the 1 GiB backup', async () => {
      const now = await row(id)
      return now.backup_status === 'done'
    })
    const after = await status()

    const done = await row(id)
    const stored = dropbox.file(done.backup_path!)!
    assert.equal(stored.size, BIG_FILE_BYTES)
    const arrived = createHash('sha256')
    await pipeline(createReadStream(stored.diskPath), arrived)
    assert.equal(arrived.digest('hex'), written.digest('hex'), 'the provider holds the same bytes')

    const sent = dropbox.received
      .slice(from)
      .filter((request) => request.path.startsWith('/2/files/upload_session/'))
    assert.isAtLeast(sent.length, BIG_FILE_BYTES / (8 * MiB), 'sent in 8 MiB chunks')
    assert.isAtMost(Math.max(...sent.map((request) => request.bodyBytes)), 8 * MiB)
    // Flat: the last three quarters need no more memory than the first one
    // (a copy kept per chunk would add 768 MiB), and the whole backup adds a
    // fraction of the file's size to what the idle server held.
    const rest = after.peak - firstQuarter.peak
    assert.isBelow(
      rest,
      64 * MiB,
      `the peak rose by ${Math.round(rest / MiB)} MiB after the first quarter`
    )
    const growth = Math.max(firstQuarter.peak, after.peak) - before.rss
    assert.isBelow(growth, 320 * MiB, `the peak RSS grew by ${Math.round(growth / MiB)} MiB`)
  }).timeout(300_000)
})
