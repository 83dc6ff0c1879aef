/*
 * `npm run bench:transfer:backup`: transfer's backup of a finished upload to
 * Dropbox (the loopback fake of tests/fakes/dropbox.ts, which writes what it
 * receives to disk), measured against the production build.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. starts an embedded PostgreSQL and the Dropbox fake, migrates a
 *      transfer database and sets the backup up with the
 *      `transfer:backup:setup` commands (credentials, OAuth code, folder),
 *   3. writes a 2 GB finished upload to the fs disk and copies it once with a
 *      bare stream to the folder the fake writes into (the same disk),
 *   4. starts the built server, whose startup sweep queues the backup and
 *      whose worker sends it in chunks of BACKUP_CHUNK_MB; times it from the
 *      first upload-session request the fake receives to the finishing one,
 *      and reads the server's peak RSS (VmHWM, reset at start, and VmRSS
 *      every 100 ms),
 *   5. checks that the file at the fake is byte-identical to the upload.
 *
 * Options: --no-build, --size-gb=2, --chunk-mb=32.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startDropboxFake } from '../../tests/fakes/dropbox.ts'
import { transferServerEnv } from './server_env.ts'
import { BenchRun, buildDir, log, root, run } from '../harness.ts'

const MB = 1024 * 1024
const GB = 1024 * MB

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'size-gb': { type: 'string', default: '2' },
    'chunk-mb': { type: 'string', default: '32' },
  },
})
const SIZE = Math.round(Number(options['size-gb']) * GB)

const bench = new BenchRun()
const workDir = bench.scratch(`${root}storage/bench-backup-${process.pid}`)

async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const value = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024
  return { rss: value('VmRSS'), peak: value('VmHWM') }
}

/** Random 64 MiB blocks, written and hashed: incompressible, like footage. */
async function writeUpload(path: string) {
  const hash = createHash('sha256')
  await pipeline(
    Readable.from(
      (function* () {
        for (let offset = 0; offset < SIZE; offset += 64 * MB) {
          const block = randomBytes(Math.min(64 * MB, SIZE - offset))
          hash.update(block)
          yield block
        }
      })()
    ),
    createWriteStream(path)
  )
  return hash.digest('hex')
}

async function sha256Of(path: string) {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

async function main() {
  await bench.build(Boolean(options['no-build']), {
    APP_ID: 'transfer',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
  })
  await mkdir(workDir, { recursive: true })
  const databaseUrl = await bench.database('bench_transfer_backup')
  const dropbox = await startDropboxFake()

  const { port, driveRoot, env } = await transferServerEnv(databaseUrl, workDir, {
    ...dropbox.env,
    BACKUP_APP_SECRET: dropbox.appSecret,
    BACKUP_CHUNK_MB: options['chunk-mb'],
  })
  const ace = (...args: string[]) => run(process.execPath, ['ace.js', ...args], buildDir, env)
  try {
    log('migrating and setting the backup up')
    await ace('migration:run', '--force')
    await ace('transfer:backup:setup', 'credentials', dropbox.appKey)
    const page = await fetch(
      `${dropbox.env.DROPBOX_WWW_URL}/oauth2/authorize?client_id=${dropbox.appKey}&response_type=code&token_access_type=offline&decision=allow`,
      { method: 'POST' }
    )
    const code = /<code id="auth-code">([^<]+)<\/code>/.exec(await page.text())![1]
    await ace('transfer:backup:setup', 'connect', `--code=${code}`)
    await ace('transfer:backup:setup', 'folder', '/Backups', '--create')

    log(`writing a ${options['size-gb']} GB finished upload`)
    const key = randomBytes(16).toString('hex')
    await mkdir(`${driveRoot}/public-uploads`, { recursive: true })
    const stored = `${driveRoot}/public-uploads/${key}`
    const expected = await writeUpload(stored)
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const { rows } = await client.query<{ id: string }>(
      `insert into public_uploads (storage_key, disk, file_name, size, received_bytes, status,
         owner_key_hash, hash_status, backup_status, completed_at)
       values ($1, 'fs', 'rushes.mov', $2, $2, 'complete', 'x', 'done', 'pending', now())
       returning id`,
      [key, SIZE]
    )
    const id = rows[0].id

    log('bare stream: copying the upload to the folder the fake writes into')
    const fakeDisk = await mkdtemp(join(tmpdir(), 'bench-backup-copy-'))
    bench.scratch(fakeDisk)
    const bareStarted = performance.now()
    await pipeline(createReadStream(stored), createWriteStream(join(fakeDisk, 'copy.bin')))
    const bareSeconds = (performance.now() - bareStarted) / 1000
    await rm(fakeDisk, { recursive: true, force: true })

    // The first request of the upload session and the finishing one, as the fake sees them.
    let firstAt = 0
    let finishedAt = 0
    let requests = 0
    dropbox.onRequest((request) => {
      if (!request.path.startsWith('/2/files/upload_session/')) return
      requests++
      if (request.path === '/2/files/upload_session/start') firstAt = performance.now()
      if (request.path === '/2/files/upload_session/finish') finishedAt = performance.now()
    })

    log('starting the built server: its startup sweep queues the backup')
    const started = bench.start(['bin/server.js'], buildDir, env)
    await bench.waitForHttp(`http://127.0.0.1:${port}/api/bench-probe`, started)
    const server = started.child
    await writeFile(`/proc/${server.pid}/clear_refs`, '5')
    const idle = await memoryOf(server.pid!)
    let polledPeak = idle.rss
    const poller = setInterval(() => {
      memoryOf(server.pid!)
        .then(({ rss }) => (polledPeak = Math.max(polledPeak, rss)))
        .catch(() => {})
    }, 100)

    log('backing up')
    const deadline = Date.now() + 15 * 60_000
    let status = 'pending'
    while (status !== 'done') {
      if (Date.now() > deadline || server.exitCode !== null) {
        throw new Error(`the backup did not finish (${status}):\n${started.output()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
      const now = await client.query<{ backup_status: string; backup_error: string | null }>(
        'select backup_status, backup_error from public_uploads where id = $1',
        [id]
      )
      status = now.rows[0].backup_status
      if (status === 'failed') throw new Error(`the backup failed: ${now.rows[0].backup_error}`)
    }
    clearInterval(poller)
    const after = await memoryOf(server.pid!)
    const { rows: done } = await client.query<{ backup_path: string }>(
      'select backup_path from public_uploads where id = $1',
      [id]
    )
    await client.end()

    const file = dropbox.file(done[0].backup_path)!
    const arrived = await sha256Of(file.diskPath)
    if (arrived !== expected) {
      throw new Error(`the provider's file differs: ${arrived}, expected ${expected}`)
    }
    const backupSeconds = (finishedAt - firstAt) / 1000

    const cpu = cpus()
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
    const rate = (seconds: number) => `${(SIZE / MB / seconds).toFixed(0)} MB/s`
    const mib = (bytes: number) => `${(bytes / MB).toFixed(0)} MiB`
    console.log(`
Machine: ${machine}
Backup chunks of ${options['chunk-mb']} MiB (${requests} upload-session requests); MB = 2^20 bytes

| ${options['size-gb']} GB | time | throughput |
|---|---|---|
| bare copy (createReadStream → createWriteStream, same disk) | ${bareSeconds.toFixed(1)} s | ${rate(bareSeconds)} |
| backup: the server's worker → Dropbox upload session (fake on loopback) | ${backupSeconds.toFixed(1)} s | ${rate(backupSeconds)} |

backup / bare copy: ${((bareSeconds / backupSeconds) * 100).toFixed(0)} % of the throughput; the provider's file is byte-identical

| server memory | RSS |
|---|---|
| after start | ${mib(idle.rss)} |
| peak during the backup (VmHWM) | ${mib(after.peak)} |
| peak during the backup (VmRSS every 100 ms) | ${mib(polledPeak)} |
| after it | ${mib(after.rss)} |
`)
  } finally {
    await dropbox.close()
  }
}

try {
  await main()
} finally {
  await bench.close()
}
