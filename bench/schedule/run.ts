/*
 * `npm run bench:schedule`: the calendar's people mode and the conflicts
 * query on a year of generated data, measured against the production build.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. starts an embedded PostgreSQL on a free port, migrates a schedule
 *      database and fills it (bench/schedule/data.ts): 300 crew, 100 vendors,
 *      1,000 projects over a year with rosters of 2 to 15, day notes, a few
 *      double bookings,
 *   3. starts the built server (`node build/bin/server.js`) with the
 *      development sign-in bypass (NODE_ENV=development, DEV_BYPASS_EMAIL),
 *      the one way to get a session without an sso; the first request gets
 *      an admin session whose cookie every later request and the browser carry,
 *   4. times GET /api/calendar/people for a month, GET /api/projects for the
 *      same month, and GET /api/conflicts-data for the whole year, over HTTP,
 *      sequentially, after a warm-up,
 *   5. opens /calendar?mode=people&view=month in headless Chromium and times
 *      the navigation until the people grid says it has its data on screen
 *      ([data-testid="people-grid"][data-ready="true"]): once with an empty
 *      cache, then repeatedly.
 *
 * Then it shows what bounds each figure: EXPLAIN ANALYZE of the year's
 * conflicts statement (the very one the server runs, from
 * conflict_statement.ts), and one more page load under Chromium's CPU
 * profiler (not timed): the page's resource waterfall and the functions
 * that took the main thread's time.
 *
 * Options: --no-build, --runs=50, --browser-runs=10, --year=2026, --month=6,
 * --scale=1 (--scale=10: 3,000 crew, 1,000 vendors, 10,000 projects),
 * --no-profile, --against=<dir>: also the build in <dir> (a copy of another
 * commit's build/ inside this tree, so that it finds node_modules) served
 * from the same database, its loads taking turns with this build's.
 */
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import type pg from 'pg'
import type { Browser, BrowserContext } from 'playwright-core'
import { launchChromium } from '../chromium.ts'
import { conflictStatement } from '../../app/services/schedule/calendar/conflict_statement.ts'
import { BenchRun, log } from '../harness.ts'
import { childrenCpu, cpuSince } from './cpu.ts'
import { profileLoad, type LoadProfile } from './page_profile.ts'
import { startYearServer } from './year_server.ts'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'runs': { type: 'string', default: '50' },
    'browser-runs': { type: 'string', default: '10' },
    'year': { type: 'string', default: '2026' },
    'month': { type: 'string', default: '6' },
    'scale': { type: 'string', default: '1' },
    'no-profile': { type: 'boolean', default: false },
    'against': { type: 'string' },
  },
})
const RUNS = Number(options.runs)
const BROWSER_RUNS = Number(options['browser-runs'])
const YEAR = Number(options.year)
const MONTH = Number(options.month)
const SCALE = Number(options.scale)
const SHAPE = {
  year: YEAR,
  crew: 300 * SCALE,
  vendors: 100 * SCALE,
  projects: 1000 * SCALE,
  seed: 5,
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length
  return {
    mean,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0],
    max: sorted.at(-1)!,
  }
}

function isoDay(date: Date) {
  return date.toISOString().slice(0, 10)
}

/** Times `runs` sequential GETs of `url` (each until the last byte), after `warmUp` untimed ones. */
async function timeGets(url: string, cookie: string, runs: number, warmUp = 5) {
  let body = ''
  const samples: number[] = []
  let cpu = childrenCpu()
  for (let index = 0; index < warmUp + runs; index++) {
    if (index === warmUp) cpu = childrenCpu()
    const started = performance.now()
    const response = await fetch(url, { headers: { accept: 'application/json', cookie } })
    body = await response.text()
    const elapsed = performance.now() - started
    if (response.status !== 200) {
      throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 500)}`)
    }
    if (index >= warmUp) samples.push(elapsed)
  }
  const spent = cpuSince(cpu)
  return {
    ...summary(samples),
    bytes: Buffer.byteLength(body),
    body: JSON.parse(body),
    cpu: { server: spent.server / runs, postgres: spent.postgres / runs },
  }
}

/*
 * Runs in the page before its own scripts (as text: the page has a DOM, this
 * process does not): notes the moment, in ms since the navigation started,
 * the people grid first says its data is on screen (`ready`: the first
 * commit that carries the data), and the end of the frame that then paints
 * it (`painted`: a message posted from the next animation frame runs after
 * that frame). The second counts what React, dnd-kit and the virtualiser
 * still do after that first commit and before anything shows (further
 * renders, layout); since issue 21 the table gives both.
 */
const WATCH_FOR_READY_GRID = `
  new MutationObserver(() => {
    if (window.__peopleReadyAt === undefined &&
        document.querySelector('[data-testid="people-grid"][data-ready="true"]')) {
      window.__peopleReadyAt = performance.now()
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { window.__peoplePaintedAt = performance.now() }
      requestAnimationFrame(() => channel.port2.postMessage(0))
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] })
`

const PAGE_TIMINGS = `({
  ready: window.__peopleReadyAt,
  painted: window.__peoplePaintedAt,
  domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
  rows: document.querySelectorAll('[data-testid="people-grid"] [role="row"]').length,
})`

const bench = new BenchRun()

async function main() {
  const { baseUrl, cookies, cookie, client, data, against } = await startYearServer(bench, {
    noBuild: Boolean(options['no-build']),
    database: 'bench_schedule',
    shape: SHAPE,
    against: options.against,
  })

  const monthStart = new Date(Date.UTC(YEAR, MONTH - 1, 1))
  const from = isoDay(monthStart)
  const to = isoDay(new Date(Date.UTC(YEAR, MONTH, 0)))
  const yearFrom = `${YEAR}-01-01`
  const yearTo = `${YEAR}-12-31`

  log(`GET /api/calendar/people for ${from}..${to}, ${RUNS} runs`)
  const people = await timeGets(
    `${baseUrl}/api/calendar/people?from=${from}&to=${to}`,
    cookie,
    RUNS
  )
  log(`GET /api/projects for ${from}..${to}, ${RUNS} runs`)
  const projects = await timeGets(`${baseUrl}/api/projects?from=${from}&to=${to}`, cookie, RUNS)
  log(`GET /api/conflicts-data for ${yearFrom}..${yearTo}, ${RUNS} runs`)
  const conflicts = await timeGets(
    `${baseUrl}/api/conflicts-data?from=${yearFrom}&to=${yearTo}&includeResolved=true`,
    cookie,
    RUNS
  )

  log('EXPLAIN ANALYZE of the conflicts of the year')
  const plan = await explainConflicts(client, yearFrom, yearTo)

  const counts = await client.query(`
    SELECT (SELECT count(*) FROM project_crew)::int AS crew_bookings,
           (SELECT count(*) FROM project_vendor)::int AS vendor_bookings,
           (SELECT count(*) FROM assignment_day_notes)::int AS day_notes`)
  await client.end()

  log(`opening the people month in Chromium, ${BROWSER_RUNS + 1} times`)
  const pageUrl = `${baseUrl}/calendar?mode=people&view=month&date=${from}`
  const browser = await launchChromium()
  const loads: PageLoad[] = []
  const pairs: { against: PageLoad[]; this: PageLoad[] } = { against: [], this: [] }
  let profile: LoadProfile | null = null
  try {
    const context = await signedInContext(browser, baseUrl, cookies)
    for (let index = 0; index <= BROWSER_RUNS; index++) {
      loads.push(await openPeopleMonth(context, pageUrl))
    }
    if (against) {
      log(`${BROWSER_RUNS} loads of each build, taking turns`)
      const otherContext = await signedInContext(browser, against.baseUrl, against.cookies)
      const otherUrl = pageUrl.replace(baseUrl, against.baseUrl)
      // Its first load fills its cache, as the first of this build's did.
      await openPeopleMonth(otherContext, otherUrl)
      for (let index = 0; index < BROWSER_RUNS; index++) {
        const turn = [
          async () => pairs.against.push(await openPeopleMonth(otherContext, otherUrl)),
          async () => pairs.this.push(await openPeopleMonth(context, pageUrl)),
        ]
        if (index % 2 === 1) turn.reverse()
        for (const take of turn) await take()
      }
    }
    if (!options['no-profile']) {
      log('one more load under the CPU profiler')
      profile = await profileLoad(context, pageUrl)
    }
  } finally {
    await browser.close()
  }
  const [cold, ...warm] = loads
  const warmReady = summary(warm.map((load) => load.ready))
  const warmPainted = summary(warm.map((load) => load.painted))
  const warmDom = summary(warm.map((load) => load.domContentLoaded))
  const p50 = (list: PageLoad[], value: (load: PageLoad) => number) =>
    list.length === 0 ? 0 : summary(list.map(value)).p50

  const cpu = cpus()
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const mainThread = (list: PageLoad[]) =>
    `${ms(p50(list, (load) => load.main.thread))} (script ${ms(p50(list, (load) => load.main.script))}, layout and style ${ms(p50(list, (load) => load.main.layout))})`
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
  const row = (
    name: string,
    result: ReturnType<typeof summary> & {
      bytes: number
      cpu: { server: number; postgres: number }
    }
  ) =>
    `| ${name} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.mean)} | ${ms(result.min)} | ${kb(result.bytes)} | ${ms(result.cpu.server)} + ${ms(result.cpu.postgres)} |`

  console.log(`
Machine: ${machine}
Data (scale ${SCALE}): ${SHAPE.crew} crew, ${SHAPE.vendors} vendors, ${SHAPE.projects} projects in ${YEAR}, ${counts.rows[0].crew_bookings} crew and ${counts.rows[0].vendor_bookings} vendor bookings, ${counts.rows[0].day_notes} day notes, ${data.doubleBookings} bookings made over a busy day

HTTP, ${RUNS} sequential requests each after 5 warm-up requests (client, server and PostgreSQL on the same machine):

| request | p50 | p95 | mean | min | body | CPU per request: server + PostgreSQL |
|---|---|---|---|---|---|---|
${row(`GET /api/calendar/people, ${from}..${to}`, people)}
${row(`GET /api/projects, ${from}..${to}`, projects)}
${row(`GET /api/conflicts-data, ${yearFrom}..${yearTo}`, conflicts)}

The people month holds ${people.body.people.length} people, ${people.body.projects.length} projects, ${people.body.bookings.length} bookings and ${people.body.conflicts.length} conflict days; the year holds ${conflicts.body.conflicts.length} conflict days.

Chromium (headless), ${pageUrl.replace(baseUrl, '')}: from navigation start until the people grid has its data on screen:

| load | data on screen (first commit) | data painted | DOMContentLoaded | grid rows in the DOM |
|---|---|---|---|---|
| first (empty cache) | ${ms(cold.ready)} | ${ms(cold.painted)} | ${ms(cold.domContentLoaded)} | ${cold.rows} |
| next ${warm.length}: p50 | ${ms(warmReady.p50)} | ${ms(warmPainted.p50)} | ${ms(warmDom.p50)} | ${warm[0]?.rows ?? 0} |
| next ${warm.length}: p95 | ${ms(warmReady.p95)} | ${ms(warmPainted.p95)} | ${ms(warmDom.p95)} | |

CPU per load (next ${warm.length}, p50; from the navigation until the data is on screen): the page's main thread ${mainThread(warm)}; all of Chromium ${ms(p50(warm, (load) => load.cpu.chromium))}, server ${ms(p50(warm, (load) => load.cpu.server))}, PostgreSQL ${ms(p50(warm, (load) => load.cpu.postgres))}. Load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')}.
${
  against
    ? `
Side by side with the build in ${options.against} (same database, same browser, ${pairs.this.length} loads each, taking turns, p50):

| build | data on screen (first commit) | data painted | DOMContentLoaded | main thread CPU |
|---|---|---|---|---|
| ${options.against} | ${ms(p50(pairs.against, (load) => load.ready))} | ${ms(p50(pairs.against, (load) => load.painted))} | ${ms(p50(pairs.against, (load) => load.domContentLoaded))} | ${mainThread(pairs.against)} |
| this one (build/) | ${ms(p50(pairs.this, (load) => load.ready))} | ${ms(p50(pairs.this, (load) => load.painted))} | ${ms(p50(pairs.this, (load) => load.domContentLoaded))} | ${mainThread(pairs.this)} |
`
    : ''
}
EXPLAIN ANALYZE, GET /api/conflicts-data's statement for ${yearFrom}..${yearTo} (third run, warm):

\`\`\`
${plan}
\`\`\`
${profile ? `\n${profile.report}` : ''}`)
}

/**
 * The year's conflicts statement, built by the server's own code, with its
 * named bindings as pg's numbered ones; planned and run three times, the
 * last plan kept (the first pays for a cold cache).
 */
async function explainConflicts(client: pg.Client, from: string, to: string) {
  const { sql, bindings } = conflictStatement({ from, to, includeResolved: true })
  const values: unknown[] = []
  const numbered = sql.replace(/(?<![:\w]):(\w+)/g, (_, name: string) => {
    values.push(bindings[name])
    return `$${values.length}`
  })
  let plan = ''
  for (let run = 0; run < 3; run++) {
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${numbered}`, values)
    plan = result.rows.map((row) => row['QUERY PLAN']).join('\n')
  }
  return plan
}

type PageLoad = {
  ready: number
  painted: number
  domContentLoaded: number
  rows: number
  /** CPU of the benchmark's processes during the load (bench/schedule/cpu.ts). */
  cpu: ReturnType<typeof cpuSince>
  /** Chromium's own count of the page's main thread CPU, by what it ran. */
  main: { thread: number; script: number; layout: number }
}

async function signedInContext(browser: Browser, baseUrl: string, cookies: string[]) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
  await context.addCookies(
    cookies.map((pair) => {
      const index = pair.indexOf('=')
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: baseUrl }
    })
  )
  await context.addInitScript({ content: WATCH_FOR_READY_GRID })
  return context
}

/**
 * One load of the people month in a new page, until its data is on screen.
 * Chromium's Performance metrics in thread time are CPU the page's main
 * thread used, whatever else the machine was doing.
 */
async function openPeopleMonth(context: BrowserContext, url: string): Promise<PageLoad> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
  const cpu = childrenCpu()
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction('window.__peoplePaintedAt !== undefined', null, { timeout: 60_000 })
  const spent = cpuSince(cpu)
  const timing = await page.evaluate<{
    ready: number
    painted: number
    domContentLoaded: number
    rows: number
  }>(PAGE_TIMINGS)
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => (metrics.find((each) => each.name === name)?.value ?? 0) * 1000
  await page.close()
  return {
    ...timing,
    cpu: spent,
    main: {
      thread: metric('ThreadTime'),
      script: metric('ScriptDuration'),
      layout: metric('LayoutDuration') + metric('RecalcStyleDuration'),
    },
  }
}

try {
  await main()
} finally {
  await bench.close()
}
