/*
 * `npm run bench:schedule:exports`: the exports of a generated year through
 * the production build.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. starts an embedded PostgreSQL on a free port, migrates a schedule
 *      database and fills it with bench/schedule/data.ts's year (300 crew,
 *      100 vendors, 1,000 projects with rosters of 2 to 15 and day notes),
 *   3. starts the built server (`node build/bin/server.js`) with the
 *      development sign-in bypass, the one way to get a session without sso,
 *   4. downloads the year's projects and rosters as XLSX and as PDF
 *      (GET /api/exports/<kind>.<format>?from=&to=), one at a time, each read
 *      to its last byte without being kept: the time, the file's size, and
 *      the server's peak resident memory during that download (VmHWM from
 *      /proc/<pid>/status, reset through /proc/<pid>/clear_refs just before),
 *      against its resident memory before it.
 *
 * Options: --no-build, --year=2026, --runs=3 (each export is timed this many
 * times; the table shows the median time and the highest peak),
 * --projects=1000 (more make bigger files: the memory an export takes
 * should not grow with them).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { BenchRun, log } from '../harness.ts'
import { startYearServer } from './year_server.ts'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'year': { type: 'string', default: '2026' },
    'runs': { type: 'string', default: '3' },
    'projects': { type: 'string', default: '1000' },
  },
})
const YEAR = Number(options.year)
const RUNS = Number(options.runs)
const SHAPE = { year: YEAR, crew: 300, vendors: 100, projects: Number(options.projects), seed: 5 }
const MB = 1024 * 1024

/** Peak (since the last reset) and current resident memory of a process, in bytes. */
async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const value = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024
  return { rss: value('VmRSS'), peak: value('VmHWM') }
}

/** One download, read to the end and counted, never kept. */
async function download(url: string, cookie: string) {
  const started = performance.now()
  const response = await fetch(url, { headers: { cookie } })
  if (response.status !== 200) {
    throw new Error(`GET ${url}: ${response.status} ${await response.text()}`)
  }
  let bytes = 0
  let firstByte = 0
  for await (const chunk of response.body!) {
    if (bytes === 0) firstByte = performance.now() - started
    bytes += (chunk as Uint8Array).byteLength
  }
  return { seconds: (performance.now() - started) / 1000, firstByte, bytes }
}

const bench = new BenchRun()

async function main() {
  const { baseUrl, cookie, client, server } = await startYearServer(bench, {
    noBuild: Boolean(options['no-build']),
    database: 'bench_schedule_exports',
    shape: SHAPE,
  })
  const counts = await client.query(`
    SELECT (SELECT count(*) FROM projects)::int AS projects,
           (SELECT count(*) FROM project_crew)::int + (SELECT count(*) FROM project_vendor)::int AS bookings,
           (SELECT count(*) FROM assignment_day_notes)::int AS day_notes`)
  await client.end()
  const pid = server.child.pid!
  const idle = await memoryOf(pid)

  const range = `from=${YEAR}-01-01&to=${YEAR}-12-31`
  const exportsToTime = [
    { kind: 'projects', format: 'xlsx' },
    { kind: 'projects', format: 'pdf' },
    { kind: 'rosters', format: 'xlsx' },
    { kind: 'rosters', format: 'pdf' },
  ]
  const results = []
  for (const { kind, format } of exportsToTime) {
    const url = `${baseUrl}/api/exports/${kind}.${format}?${range}`
    // Untimed: the first run loads the writer's code and the fonts.
    await download(url, cookie)
    const samples = []
    for (let index = 0; index < RUNS; index++) {
      await writeFile(`/proc/${pid}/clear_refs`, '5')
      const before = await memoryOf(pid)
      const timing = await download(url, cookie)
      const after = await memoryOf(pid)
      samples.push({ ...timing, before: before.rss, peak: after.peak })
      log(
        `${kind}.${format}: ${timing.seconds.toFixed(2)} s, ${(timing.bytes / MB).toFixed(2)} MB, peak RSS ${(after.peak / MB).toFixed(0)} MB (before ${(before.rss / MB).toFixed(0)} MB)`
      )
    }
    const seconds = samples.map((sample) => sample.seconds).sort((a, b) => a - b)
    results.push({
      kind,
      format,
      seconds: seconds[Math.floor(seconds.length / 2)],
      firstByte: samples.map((sample) => sample.firstByte).sort((a, b) => a - b)[
        Math.floor(samples.length / 2)
      ],
      bytes: samples[0].bytes,
      peak: Math.max(...samples.map((sample) => sample.peak)),
      growth: Math.max(...samples.map((sample) => sample.peak - sample.before)),
    })
  }

  const row = counts.rows[0]
  console.log(`
Exports of a generated year (${SHAPE.crew} crew, ${SHAPE.vendors} vendors, ${row.projects} projects, ${row.bookings} bookings, ${row.day_notes} day notes), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM; server idle at ${(idle.rss / MB).toFixed(0)} MB RSS. Median of ${RUNS} downloads; peak = the highest VmHWM of the server during one; growth = the most it rose over the server's RSS just before a download:

| export | time | first byte | file size | server peak RSS | growth during one download |
|---|---|---|---|---|---|
${results
  .map(
    (result) =>
      `| ${result.kind}.${result.format} | ${result.seconds.toFixed(2)} s | ${result.firstByte.toFixed(0)} ms | ${(result.bytes / MB).toFixed(2)} MB | ${(result.peak / MB).toFixed(0)} MB | ${(result.growth / MB).toFixed(0)} MB |`
  )
  .join('\n')}
`)
}

try {
  await main()
} finally {
  await bench.close()
}
