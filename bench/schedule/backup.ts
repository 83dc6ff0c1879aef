/*
 * `npm run bench:schedule:backup`: backup and import of a year of generated
 * data (bench/schedule/data.ts: 300 crew, 100 vendors, 1,000 projects),
 * through the production build.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. starts an embedded PostgreSQL, migrates a schedule database, fills it,
 *   3. over HTTP, each step on a freshly started built server (so its peak
 *      RSS is the step's): GET /api/admin/backup?secret=… saved to a file,
 *      POST /api/admin/import of that file as a dry run, then for real
 *      (session from the development bypass, CSRF token from /admin),
 *   4. the commands: `node ace schedule:backup --out=…`,
 *      `schedule:import --dry-run` and `schedule:import --force`, under
 *      /usr/bin/time for their peak RSS,
 *   5. prints time, peak RSS and the document's size of each.
 *
 * Options: --no-build.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readFile, stat } from 'node:fs/promises'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { freePort } from '../../app/services/shared/local_stack.ts'
import { BenchRun, buildDir, log, root, run } from '../harness.ts'
import { generate, store } from './data.ts'
import { scheduleServerEnv } from './year_server.ts'

const { values: options } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false } },
})
const SHAPE = { year: 2026, crew: 300, vendors: 100, projects: 1000, seed: 5 }
const SECRET = randomBytes(24).toString('base64url')

const bench = new BenchRun()

type Step = {
  name: string
  seconds: number
  /** The same step again on the same server, once its code is loaded and its caches warm. */
  warmSeconds?: number
  peakRssMb: number
  /** The server's peak before the step: what it takes at rest. */
  restingRssMb?: number
  note?: string
}

/** The highest resident set size of a running process so far (Linux), in MB. */
async function peakRssOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

async function main() {
  await bench.build(Boolean(options['no-build']), {
    APP_ID: 'schedule',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
  })
  const databaseUrl = await bench.database('bench_schedule_backup')
  const scratch = bench.scratch(join(root, 'tmp', `bench-backup-${process.pid}`))
  await mkdir(scratch, { recursive: true })

  // Its port is chosen per server below.
  const { env } = await scheduleServerEnv(databaseUrl, {
    BACKUP_SECRET: SECRET,
    JOBS_IN_WEB: 'false',
  })

  log('migrating')
  await run(process.execPath, ['ace.js', 'migration:run', '--force'], buildDir, env)
  log('generating a year of bookings')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await store(client, generate(SHAPE))
  const rows = await client.query(`
    select (select count(*) from projects)::int as projects,
           (select count(*) from project_crew)::int + (select count(*) from project_vendor)::int as bookings,
           (select count(*) from assignment_day_notes)::int as day_notes`)
  await client.end()

  /**
   * Runs `work` twice against a freshly started built server: its first and
   * second time and the server's peak RSS before and after.
   */
  async function onFreshServer(name: string, work: (baseUrl: string) => Promise<string | void>) {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const server = bench.start(['bin/server.js'], buildDir, {
      ...env,
      PORT: String(port),
      APP_URL: baseUrl,
    })
    await bench.waitForHttp(`${baseUrl}/api/bench-probe`, server)
    log(name)
    const restingRssMb = await peakRssOf(server.child.pid!)
    const started = performance.now()
    const note = await work(baseUrl)
    const seconds = (performance.now() - started) / 1000
    const again = performance.now()
    await work(baseUrl)
    const warmSeconds = (performance.now() - again) / 1000
    const peakRssMb = await peakRssOf(server.child.pid!)
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    return { name, seconds, warmSeconds, peakRssMb, restingRssMb, note: note ?? undefined }
  }

  /** An admin session (development bypass) and the CSRF token of a page. */
  async function adminSession(baseUrl: string) {
    const page = await fetch(`${baseUrl}/admin`, { headers: { accept: 'text/html' } })
    const cookie = page.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1]
    if (!token) throw new Error('no CSRF token on /admin')
    return { cookie, token }
  }

  const httpFile = join(scratch, 'http-backup.json')
  const steps: Step[] = []
  steps.push(
    await onFreshServer('GET /api/admin/backup', async (baseUrl) => {
      const response = await fetch(`${baseUrl}/api/admin/backup?secret=${SECRET}`)
      if (response.status !== 200) throw new Error(`backup: ${response.status}`)
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream),
        createWriteStream(httpFile)
      )
    })
  )
  const { size } = await stat(httpFile)
  const document = await readFile(httpFile, 'utf8')

  for (const dryRun of [true, false]) {
    steps.push(
      await onFreshServer(`POST /api/admin/import${dryRun ? ', dry run' : ''}`, async (baseUrl) => {
        const { cookie, token } = await adminSession(baseUrl)
        const response = await fetch(`${baseUrl}/api/admin/import`, {
          method: 'POST',
          headers: {
            'accept': 'application/json',
            'content-type': 'application/json',
            'x-csrf-token': token,
            'origin': baseUrl,
            cookie,
          },
          body: `{"data":${document},"options":{"dryRun":${dryRun}}}`,
        })
        const answer = (await response.json()) as {
          totals?: Record<string, number>
          message?: string
        }
        if (response.status !== 200) {
          throw new Error(`import: ${response.status} ${answer.message}`)
        }
        return `${answer.totals!.unchanged} rows unchanged, ${answer.totals!.added} added`
      })
    )
  }

  /** An ace command of the build under /usr/bin/time: its time and peak RSS. */
  async function command(name: string, args: string[]) {
    log(name)
    const started = performance.now()
    const output = await run(
      '/usr/bin/time',
      ['-v', process.execPath, 'ace.js', ...args],
      buildDir,
      env
    )
    const seconds = (performance.now() - started) / 1000
    const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1])
    return { name, seconds, peakRssMb: kb / 1024 }
  }
  const commandFile = join(scratch, 'command-backup.json')
  steps.push(await command('schedule:backup --out', ['schedule:backup', `--out=${commandFile}`]))
  steps.push(
    await command('schedule:import --dry-run', ['schedule:import', commandFile, '--dry-run'])
  )
  steps.push(await command('schedule:import --force', ['schedule:import', commandFile, '--force']))

  const { size: commandSize } = await stat(commandFile)
  const cpu = cpus()
  console.log(`
Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}
Data: ${SHAPE.crew} crew, ${SHAPE.vendors} vendors, ${rows.rows[0].projects} projects, ${rows.rows[0].bookings} bookings, ${rows.rows[0].day_notes} day notes
Document: ${(size / 1024 / 1024).toFixed(1)} MB (the command's file: ${(commandSize / 1024 / 1024).toFixed(1)} MB)

| step | time (first) | time (again) | peak RSS | at rest | |
|---|---|---|---|---|---|
${steps.map((step) => `| ${step.name} | ${step.seconds.toFixed(2)} s | ${step.warmSeconds ? `${step.warmSeconds.toFixed(2)} s` : ''} | ${step.peakRssMb.toFixed(0)} MB | ${step.restingRssMb ? `${step.restingRssMb.toFixed(0)} MB` : ''} | ${step.note ?? ''} |`).join('\n')}
`)
}

try {
  await main()
} finally {
  await bench.close()
}
