/*
 * `npm run bench:transfer`: transfer's upload and download paths, measured
 * against the production build on the `fs` disk.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. starts an embedded PostgreSQL on a free port and migrates a transfer
 *      database,
 *   3. starts the built server (`node build/bin/server.js`, NODE_ENV=production),
 *   4. uploads a 2 GB file with tus-js-client from Node, in 32 MiB requests as
 *      the upload page sends them, and in the same run copies the same file to
 *      the same disk with a bare stream (createReadStream → createWriteStream);
 *      reports both throughputs and the ratio,
 *   5. uploads 5 GB (generated on the fly) while sampling the server's memory:
 *      peak RSS from /proc/<pid>/status (VmHWM, reset just before through
 *      /proc/<pid>/clear_refs) and VmRSS polled every 100 ms,
 *   6. downloads the 2 GB file through its signed download URL, whole and as
 *      8 parallel Range requests, beside a bare read of the stored file.
 *
 * Options: --no-build, --size-gb=2, --rss-size-gb=5, --chunk-mb=32, --ranges=8.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, totalmem } from 'node:os'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { Upload, type HttpRequest, type HttpResponse } from 'tus-js-client'
import { freePort } from '../../app/services/shared/local_stack.ts'
import { BenchRun, buildDir, log, root, run } from '../harness.ts'

const MB = 1024 * 1024
const GB = 1024 * MB

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'size-gb': { type: 'string', default: '2' },
    'rss-size-gb': { type: 'string', default: '5' },
    'chunk-mb': { type: 'string', default: '32' },
    'ranges': { type: 'string', default: '8' },
  },
})
const SIZE = Math.round(Number(options['size-gb']) * GB)
const RSS_SIZE = Math.round(Number(options['rss-size-gb']) * GB)
const CHUNK = Number(options['chunk-mb']) * MB
const RANGES = Number(options.ranges)

const bench = new BenchRun()
const workDir = bench.scratch(`${root}storage/bench-transfer-${process.pid}`)

/** The same 64 MiB of random bytes over and over: cheap to make, never compressible. */
function pattern() {
  return randomBytes(64 * MB)
}

function generated(size: number, block: Buffer) {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += block.length) {
        yield block.subarray(0, Math.min(block.length, size - offset))
      }
    })(),
    { objectMode: false }
  )
}

async function writeSource(path: string, size: number, block: Buffer) {
  await pipeline(generated(size, block), createWriteStream(path))
}

/** A visitor with tus-js-client: keeps the session cookie, as a browser does. */
function tusUpload(baseUrl: string, input: Readable, size: number, name: string) {
  let cookie = ''
  return new Promise<void>((resolve, reject) => {
    const upload = new Upload(input, {
      endpoint: `${baseUrl}/api/public-uploads`,
      chunkSize: CHUNK,
      uploadSize: size,
      retryDelays: null,
      metadata: { filename: name, filetype: 'application/octet-stream' },
      onBeforeRequest: (request: HttpRequest) => request.setHeader('cookie', cookie),
      onAfterResponse: (_request: HttpRequest, response: HttpResponse) => {
        const lines = response.getHeader('set-cookie') as unknown as string[] | undefined
        if (lines?.length) {
          cookie = lines.map((line) => line.split(';')[0]).join('; ')
        }
      },
      onSuccess: () => resolve(),
      onError: reject,
    })
    upload.start()
  }).then(() => cookie)
}

/** Peak and current resident memory of a process, in bytes. */
async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const value = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024
  return { rss: value('VmRSS'), peak: value('VmHWM') }
}

async function timed<T>(action: () => Promise<T>) {
  const started = performance.now()
  const result = await action()
  return { result, seconds: (performance.now() - started) / 1000 }
}

/** Reads a response to the end, counting bytes, without keeping them. */
async function drain(response: Response) {
  let bytes = 0
  for await (const chunk of response.body!) {
    bytes += (chunk as Uint8Array).byteLength
  }
  return bytes
}

async function main() {
  await bench.build(Boolean(options['no-build']), {
    APP_ID: 'transfer',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
  })
  await mkdir(workDir, { recursive: true })
  const databaseUrl = await bench.database('bench_transfer')

  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const driveRoot = `${workDir}/drive`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ID: 'transfer',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
    SSO_BASE_URL: 'http://127.0.0.1:9',
    DATABASE_URL: databaseUrl,
    DRIVE_FS_ROOT: driveRoot,
    LOG_LEVEL: 'warn',
    MAIL_MAILER: 'outbox',
    MAIL_OUTBOX_DIR: `${workDir}/outbox`,
    FORCE_COLOR: '0',
  }
  log('migrating')
  await run(process.execPath, ['ace.js', 'migration:run', '--force'], buildDir, env)

  log('starting the built server')
  const started = bench.start(['bin/server.js'], buildDir, env)
  await bench.waitForHttp(`${baseUrl}/api/bench-probe`, started)
  const server = started.child
  const idle = await memoryOf(server.pid!)

  const block = pattern()
  const source = `${workDir}/source.bin`
  log(`writing a ${options['size-gb']} GB source file`)
  await writeSource(source, SIZE, block)
  const sourceHash = createHash('sha256')
  await pipeline(createReadStream(source), sourceHash)
  const expectedHash = sourceHash.digest('hex')

  log('bare stream: copying the file to the same disk')
  await mkdir(`${driveRoot}/bare`, { recursive: true })
  const bare = await timed(() =>
    pipeline(createReadStream(source), createWriteStream(`${driveRoot}/bare/copy.bin`))
  )

  log(`tus: uploading ${options['size-gb']} GB in ${options['chunk-mb']} MiB requests`)
  await writeFile(`/proc/${server.pid}/clear_refs`, '5')
  const tus = await timed(() => tusUpload(baseUrl, createReadStream(source), SIZE, 'source.bin'))
  const afterTus = await memoryOf(server.pid!)
  const cookie = tus.result

  const client = new pg.Client({ connectionString: env.DATABASE_URL })
  await client.connect()
  const { rows } = await client.query(
    `select id, storage_key, content_sha256, hash_status
       from public_uploads where file_name = 'source.bin'`
  )
  await client.end()
  const stored = rows[0] as {
    id: string
    storage_key: string
    content_sha256: string
    hash_status: string
  }
  if (stored.content_sha256 !== expectedHash) {
    throw new Error(`stored SHA-256 ${stored.content_sha256} differs from ${expectedHash}`)
  }

  log(`tus: uploading ${options['rss-size-gb']} GB while sampling the server's memory`)
  await writeFile(`/proc/${server.pid}/clear_refs`, '5')
  const before = await memoryOf(server.pid!)
  let polledPeak = before.rss
  const poller = setInterval(() => {
    memoryOf(server.pid!)
      .then(({ rss }) => (polledPeak = Math.max(polledPeak, rss)))
      .catch(() => {})
  }, 100)
  const big = await timed(() => tusUpload(baseUrl, generated(RSS_SIZE, block), RSS_SIZE, 'big.bin'))
  clearInterval(poller)
  const afterBig = await memoryOf(server.pid!)
  await rm(source, { force: true })

  log('downloads: resolving the signed URL')
  const grant = await fetch(`${baseUrl}/api/public-uploads/${stored.id}/download`, {
    redirect: 'manual',
    headers: { cookie },
  })
  const location = grant.headers.get('location')
  if (!location) {
    throw new Error(`no download URL: ${grant.status} ${await grant.text()}`)
  }
  const fileUrl = new URL(location, baseUrl).toString()
  const storedPath = `${driveRoot}/public-uploads/${stored.storage_key}`

  log('downloads: bare read of the stored file')
  const bareRead = await timed(async () => {
    let bytes = 0
    for await (const chunk of createReadStream(storedPath)) {
      bytes += (chunk as Buffer).length
    }
    return bytes
  })
  log('downloads: whole file')
  const whole = await timed(async () => drain(await fetch(fileUrl)))
  log(`downloads: ${RANGES} parallel ranges`)
  const ranged = await timed(async () => {
    const part = Math.ceil(SIZE / RANGES)
    const sizes = await Promise.all(
      Array.from({ length: RANGES }, async (_, index) => {
        const start = index * part
        const end = Math.min(SIZE, start + part) - 1
        const response = await fetch(fileUrl, { headers: { range: `bytes=${start}-${end}` } })
        if (response.status !== 206) {
          throw new Error(`range ${start}-${end}: ${response.status}`)
        }
        return drain(response)
      })
    )
    return sizes.reduce((sum, size) => sum + size, 0)
  })
  for (const [name, bytes] of [
    ['whole', whole.result],
    ['ranged', ranged.result],
  ] as const) {
    if (bytes !== SIZE) {
      throw new Error(`${name} download returned ${bytes} bytes, expected ${SIZE}`)
    }
  }

  const cpu = cpus()
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
  const rate = (bytes: number, seconds: number) => `${(bytes / MB / seconds).toFixed(0)} MB/s`
  const mib = (bytes: number) => `${(bytes / MB).toFixed(0)} MiB`
  const secs = (seconds: number) => `${seconds.toFixed(1)} s`

  console.log(`
Machine: ${machine}
Disk: fs (${driveRoot}), tus requests of ${options['chunk-mb']} MiB; MB = 2^20 bytes

| upload of ${options['size-gb']} GB | time | throughput |
|---|---|---|
| bare stream (createReadStream → createWriteStream, same disk) | ${secs(bare.seconds)} | ${rate(SIZE, bare.seconds)} |
| tus-js-client → POST + PATCH /api/public-uploads (hashing, checkpoints) | ${secs(tus.seconds)} | ${rate(SIZE, tus.seconds)} |

tus / bare stream: ${((bare.seconds / tus.seconds) * 100).toFixed(0)} % of the throughput; stored SHA-256 matches the source (${stored.hash_status})

| server memory | RSS |
|---|---|
| idle after start | ${mib(idle.rss)} |
| peak during the ${options['size-gb']} GB upload (VmHWM) | ${mib(afterTus.peak)} |
| before the ${options['rss-size-gb']} GB upload | ${mib(before.rss)} |
| peak during the ${options['rss-size-gb']} GB upload (VmHWM) | ${mib(afterBig.peak)} |
| peak during the ${options['rss-size-gb']} GB upload (VmRSS every 100 ms) | ${mib(polledPeak)} |
| after it | ${mib(afterBig.rss)} |

${options['rss-size-gb']} GB upload: ${secs(big.seconds)}, ${rate(RSS_SIZE, big.seconds)}

| download of ${options['size-gb']} GB | time | throughput |
|---|---|---|
| bare read of the stored file (createReadStream) | ${secs(bareRead.seconds)} | ${rate(SIZE, bareRead.seconds)} |
| GET signed URL, whole file | ${secs(whole.seconds)} | ${rate(SIZE, whole.seconds)} |
| GET signed URL, ${RANGES} parallel Range requests | ${secs(ranged.seconds)} | ${rate(SIZE, ranged.seconds)} |
`)
}

try {
  await main()
} finally {
  await bench.close()
}
