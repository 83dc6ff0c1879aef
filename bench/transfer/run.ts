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
 *      reports both throughputs and the ratio; then sends the same requests
 *      to bench/transfer/bare_tus_server.ts (plain node:http, SHA-256 and
 *      write only), the floor any server reaches here with that client,
 *   5. uploads 5 GB (generated on the fly) while sampling the server's memory:
 *      peak RSS from /proc/<pid>/status (VmHWM, reset just before through
 *      /proc/<pid>/clear_refs) and VmRSS polled every 100 ms,
 *   6. downloads the 2 GB file through its signed download URL, whole and as
 *      8 parallel Range requests, beside a bare read of the stored file,
 *   7. soak: 20 uploads of 200 MB at once, each from its own session; checks
 *      every stored SHA-256 and samples the server's RSS as in step 5.
 *
 * Options: --no-build, --size-gb=2, --rss-size-gb=5, --chunk-mb=32, --ranges=8,
 * --soak-uploads=20, --soak-size-mb=200 (0 uploads skips the soak), and
 * --cpu-prof: runs the server under `node --cpu-prof` and prints, per phase,
 * the functions the server spent its CPU time in; --server-flags="--flag …"
 * passes Node or V8 flags to the server alone.
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
import { transferServerEnv } from './server_env.ts'
import { BenchRun, buildDir, log, root, run } from '../harness.ts'
import { monotonicMicros, readMainThreadProfile, summarize, type Phase } from './cpu_profile.ts'

const MB = 1024 * 1024
const GB = 1024 * MB

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'size-gb': { type: 'string', default: '2' },
    'rss-size-gb': { type: 'string', default: '5' },
    'chunk-mb': { type: 'string', default: '32' },
    'ranges': { type: 'string', default: '8' },
    'soak-uploads': { type: 'string', default: '20' },
    'soak-size-mb': { type: 'string', default: '200' },
    'cpu-prof': { type: 'boolean', default: false },
    'server-flags': { type: 'string', default: '' },
  },
})
const SIZE = Math.round(Number(options['size-gb']) * GB)
const RSS_SIZE = Math.round(Number(options['rss-size-gb']) * GB)
const CHUNK = Number(options['chunk-mb']) * MB
const RANGES = Number(options.ranges)
const SOAK_UPLOADS = Number(options['soak-uploads'])
const SOAK_SIZE = Number(options['soak-size-mb']) * MB

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

/**
 * A visitor with tus-js-client: keeps the session cookie, as a browser does.
 * Resolves with the cookie and the upload's URL.
 */
function tusUpload(
  baseUrl: string,
  input: Readable,
  size: number,
  name: string,
  path = '/api/public-uploads'
) {
  let cookie = ''
  let url = ''
  return new Promise<void>((resolve, reject) => {
    const upload = new Upload(input, {
      endpoint: `${baseUrl}${path}`,
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
      onSuccess: () => {
        url = upload.url!
        resolve()
      },
      onError: reject,
    })
    upload.start()
  }).then(() => ({ cookie, url }))
}

/**
 * The same upload to bench/transfer/bare_tus_server.ts, its own process:
 * what HTTP, the SHA-256 and the disk cost without the app. Its digest is
 * checked like the app's.
 */
async function floorUpload(source: string, directory: string, expectedHash: string) {
  await mkdir(directory, { recursive: true })
  const floor = bench.start([`${root}bench/transfer/bare_tus_server.ts`, directory], root, {
    ...process.env,
    NODE_OPTIONS: '',
  })
  while (!floor.output().includes('\n')) {
    if (floor.child.exitCode !== null) {
      throw new Error(`the bare server exited:\n${floor.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const baseUrl = `http://127.0.0.1:${floor.output().trim()}`
  const cpuBefore = await cpuSecondsOf(floor.child.pid!)
  const upload = await timed(() =>
    tusUpload(baseUrl, createReadStream(source), SIZE, 'source.bin', '/files')
  )
  const serverCpu = (await cpuSecondsOf(floor.child.pid!)) - cpuBefore
  const answer = await fetch(new URL(upload.result.url, baseUrl))
  const digest = await answer.text()
  floor.child.kill('SIGTERM')
  await rm(directory, { recursive: true, force: true })
  if (digest !== expectedHash) {
    throw new Error(`the bare server's SHA-256 ${digest} differs from ${expectedHash}`)
  }
  return { ...upload, serverCpu }
}

/** Peak and current resident memory of a process, in bytes. */
async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const value = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024
  return { rss: value('VmRSS'), peak: value('VmHWM') }
}

/** Phases of the run on the monotonic clock, for slicing the server's CPU profile. */
const phases: Phase[] = []
/** The server's process id once it runs, for its CPU time. */
let serverPid: number | undefined

/**
 * CPU seconds (user + system) a process has used so far, from /proc: unlike
 * wall time, it barely moves when other work shares the cores.
 */
async function cpuSecondsOf(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.split(') ')[1].split(' ')
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Wall time of an action, with the CPU time the server and this process (the client) spent. */
async function timed<T>(action: () => Promise<T>, phase?: string) {
  const started = performance.now()
  const start = monotonicMicros()
  const serverBefore = serverPid ? await cpuSecondsOf(serverPid) : 0
  const clientBefore = process.cpuUsage()
  const result = await action()
  const client = process.cpuUsage(clientBefore)
  const serverCpu = serverPid ? (await cpuSecondsOf(serverPid)) - serverBefore : 0
  if (phase) {
    phases.push({ name: phase, start, end: monotonicMicros() })
  }
  return {
    result,
    seconds: (performance.now() - started) / 1000,
    serverCpu,
    clientCpu: (client.user + client.system) / 1e6,
  }
}

/** Samples a process's RSS every 100 ms, with its peak (VmHWM) reset at the start. */
async function sampleMemory(pid: number) {
  await writeFile(`/proc/${pid}/clear_refs`, '5')
  const before = await memoryOf(pid)
  let polledPeak = before.rss
  const poller = setInterval(() => {
    memoryOf(pid)
      .then(({ rss }) => (polledPeak = Math.max(polledPeak, rss)))
      .catch(() => {})
  }, 100)
  return {
    before,
    async stop() {
      clearInterval(poller)
      const after = await memoryOf(pid)
      return { polledPeak, after }
    },
  }
}

/** The SHA-256 of what `generated(size, block)` yields. */
function generatedHash(size: number, block: Buffer) {
  const hash = createHash('sha256')
  for (let offset = 0; offset < size; offset += block.length) {
    hash.update(block.subarray(0, Math.min(block.length, size - offset)))
  }
  return hash.digest('hex')
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

  const { baseUrl, driveRoot, env } = await transferServerEnv(databaseUrl, workDir)
  log('migrating')
  await run(process.execPath, ['ace.js', 'migration:run', '--force'], buildDir, env)

  log('starting the built server')
  const profileDir = `${root}storage/bench-transfer-profile`
  if (options['cpu-prof']) {
    await rm(profileDir, { recursive: true, force: true })
  }
  const started = bench.start(
    [
      ...(options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...options['server-flags'].split(' ').filter(Boolean),
      'bin/server.js',
    ],
    buildDir,
    env
  )
  await bench.waitForHttp(`${baseUrl}/api/bench-probe`, started)
  const server = started.child
  serverPid = server.pid
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
  const tus = await timed(
    () => tusUpload(baseUrl, createReadStream(source), SIZE, 'source.bin'),
    `tus upload of ${options['size-gb']} GB`
  )
  const afterTus = await memoryOf(server.pid!)
  const cookie = tus.result.cookie

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

  log(`floor: uploading ${options['size-gb']} GB to a bare node:http server (hash and write only)`)
  const floor = await floorUpload(source, `${driveRoot}/floor`, expectedHash)

  log(`tus: uploading ${options['rss-size-gb']} GB while sampling the server's memory`)
  const bigMemory = await sampleMemory(server.pid!)
  const before = bigMemory.before
  const big = await timed(() => tusUpload(baseUrl, generated(RSS_SIZE, block), RSS_SIZE, 'big.bin'))
  const { polledPeak, after: afterBig } = await bigMemory.stop()
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
  const whole = await timed(async () => drain(await fetch(fileUrl)), 'download, whole file')
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
  }, `download, ${RANGES} ranges`)
  for (const [name, bytes] of [
    ['whole', whole.result],
    ['ranged', ranged.result],
  ] as const) {
    if (bytes !== SIZE) {
      throw new Error(`${name} download returned ${bytes} bytes, expected ${SIZE}`)
    }
  }

  const soak = SOAK_UPLOADS > 0 ? await soakUploads(baseUrl, server.pid!, env.DATABASE_URL!) : null

  let profileSummary = ''
  if (options['cpu-prof']) {
    log('stopping the server to collect its CPU profile')
    server.kill('SIGTERM')
    await new Promise((resolve) =>
      server.exitCode !== null ? resolve(null) : server.once('exit', resolve)
    )
    profileSummary = summarize(await readMainThreadProfile(profileDir), phases)
  }

  const cpu = cpus()
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
  const rate = (bytes: number, seconds: number) => `${(bytes / MB / seconds).toFixed(0)} MB/s`
  const mib = (bytes: number) => `${(bytes / MB).toFixed(0)} MiB`
  const secs = (seconds: number) => `${seconds.toFixed(1)} s`
  const perGb = (seconds: number) => (seconds / (SIZE / GB)).toFixed(2)

  console.log(`
Machine: ${machine}
Disk: fs (${driveRoot}), tus requests of ${options['chunk-mb']} MiB; MB = 2^20 bytes

| upload of ${options['size-gb']} GB | time | throughput |
|---|---|---|
| bare stream (createReadStream → createWriteStream, same disk) | ${secs(bare.seconds)} | ${rate(SIZE, bare.seconds)} |
| floor: the same tus requests to a bare node:http server (SHA-256 and write only) | ${secs(floor.seconds)} | ${rate(SIZE, floor.seconds)} |
| tus-js-client → POST + PATCH /api/public-uploads (hashing, checkpoints) | ${secs(tus.seconds)} | ${rate(SIZE, tus.seconds)} |

tus / bare stream: ${((bare.seconds / tus.seconds) * 100).toFixed(0)} % of the throughput; stored SHA-256 matches the source (${stored.hash_status})
floor / bare stream: ${((bare.seconds / floor.seconds) * 100).toFixed(0)} %; tus / floor: ${((floor.seconds / tus.seconds) * 100).toFixed(0)} %

| CPU seconds per GB (user + system) | server | client (this process) |
|---|---|---|
| bare stream copy | – | ${perGb(bare.clientCpu)} |
| floor upload (bare node:http server) | ${perGb(floor.serverCpu)} | ${perGb(floor.clientCpu)} |
| tus upload | ${perGb(tus.serverCpu)} | ${perGb(tus.clientCpu)} |
| bare read | – | ${perGb(bareRead.clientCpu)} |
| download, whole file | ${perGb(whole.serverCpu)} | ${perGb(whole.clientCpu)} |
| download, ${RANGES} ranges | ${perGb(ranged.serverCpu)} | ${perGb(ranged.clientCpu)} |

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
${
  soak
    ? `
| soak: ${SOAK_UPLOADS} uploads of ${options['soak-size-mb']} MB at once | |
|---|---|
| time, all together | ${secs(soak.seconds)} (${rate(SOAK_UPLOADS * SOAK_SIZE, soak.seconds)}) |
| complete with the source's SHA-256 | ${soak.matching} of ${SOAK_UPLOADS} |
| server RSS before | ${mib(soak.before.rss)} |
| server peak RSS (VmHWM) | ${mib(soak.after.peak)} |
| server peak RSS (VmRSS every 100 ms) | ${mib(soak.polledPeak)} |
`
    : ''
}${profileSummary ? `\nServer CPU profile (self time by function):\n${profileSummary}\n` : ''}`)
}

/**
 * Many visitors at once, each in its own session with its own content: all
 * must complete with their own SHA-256 while the server's memory stays flat.
 */
async function soakUploads(baseUrl: string, pid: number, databaseUrl: string) {
  log(`soak: ${SOAK_UPLOADS} uploads of ${options['soak-size-mb']} MB at once`)
  const files = Array.from({ length: SOAK_UPLOADS }, (_, index) => {
    const block = randomBytes(4 * MB)
    return { name: `soak-${index}.bin`, block, hash: generatedHash(SOAK_SIZE, block) }
  })
  const memory = await sampleMemory(pid)
  const soak = await timed(
    () =>
      Promise.all(
        files.map((file) =>
          tusUpload(baseUrl, generated(SOAK_SIZE, file.block), SOAK_SIZE, file.name)
        )
      ),
    `soak: ${SOAK_UPLOADS} × ${options['soak-size-mb']} MB`
  )
  const { polledPeak, after } = await memory.stop()

  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let stored: { file_name: string; content_sha256: string | null; hash_status: string }[] = []
  // A hash still being verified (read back after the upload) settles shortly.
  for (let attempt = 0; attempt < 600; attempt++) {
    ;({ rows: stored } = await client.query(
      `select file_name, content_sha256, hash_status from public_uploads
        where file_name like 'soak-%' and status = 'complete'`
    ))
    if (stored.every((row) => row.hash_status !== 'verifying')) {
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await client.end()
  const matching = files.filter((file) =>
    stored.some((row) => row.file_name === file.name && row.content_sha256 === file.hash)
  ).length
  if (matching !== SOAK_UPLOADS) {
    throw new Error(`soak: ${matching} of ${SOAK_UPLOADS} uploads stored the source's SHA-256`)
  }
  return { seconds: soak.seconds, matching, before: memory.before, after, polledPeak }
}

try {
  await main()
} finally {
  await bench.close()
}
