/*
 * `npm run bench:pages`: every page of the three apps in Chromium, against
 * the stack as `npm start` runs it (production build, NODE_ENV=production,
 * the demo data), isolated from the person's own: its own embedded
 * PostgreSQL, files and ports (stack.ts).
 *
 * Per page (pages.ts): the server's time (request sent → first byte of the
 * document, Navigation Timing) and the time until the page's data is on
 * screen (navigation start → the first frame showing a text of the demo
 * data), on a first visit (a new browser context: empty cache, the
 * session's cookies only) and warm (the same page again in that context).
 * Then the sign-in round trip at transfer and schedule through sso and back
 * (sign_in.ts), for a person signed in at sso, and from sso's form.
 *
 * Prints a Markdown table and writes tmp/bench/pages.json. Exits non-zero
 * only when the run itself fails, never for missing the goal (1 s).
 *
 * Options: --trips=5 (sign-in round trips per app and kind), --only=<app>
 * (one app's pages and round trip), --profile=<page name> (one more load of
 * that page under Chromium's CPU profiler, printed after the table; see
 * profile.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../chromium.ts'
import { BenchRun, log, root } from '../harness.ts'
import { settle, visit, type Visit } from './measure.ts'
import { profilePage } from './profile.ts'
import { benchPages, type BenchPage, type DemoRecords } from './pages.ts'
import { roundTrip, roundTripWithForm, signInEverywhere, type RelyingApp } from './sign_in.ts'
import { startBenchStack, type BenchStack } from './stack.ts'

const { values: options } = parseArgs({
  options: {
    trips: { type: 'string', default: '5' },
    only: { type: 'string' },
    profile: { type: 'string' },
  },
})
const TRIPS = Number(options.trips)
const GOAL_MS = 1000

type PageResult = BenchPage & { first: Visit; warm: Visit }
type TripResult = { app: RelyingApp; kind: 'signed in at sso' | "sso's form"; runs: number[] }

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

async function demoRecords(browser: Browser, bench: BenchStack, storageState: any) {
  const { stack, demo, admin } = bench
  const context = await browser.newContext({ storageState })
  const api = async (path: string) => {
    const answer = await context.request.get(`${stack.url('schedule')}${path}`, {
      headers: { accept: 'application/json' },
    })
    return answer.ok() ? answer.json() : null
  }
  const list = (body: any): any[] => (Array.isArray(body) ? body : (body?.data ?? []))
  const projects = list(await api('/api/projects'))
  const project = projects.find((row) => row.name === 'Night Shift (TV pilot)') ?? projects[0]
  const share = list(await api('/api/share')).find((row) => row.resourceType === 'project')
  await context.close()
  const transferShare =
    'shares' in demo.transfer ? demo.transfer.shares.find((row) => !row.password) : undefined
  const records: DemoRecords = {
    adminEmail: admin.email,
    transferUrl: stack.url('transfer'),
    transferShare: transferShare
      ? { path: new URL(transferShare.url).pathname, fileName: transferShare.fileName }
      : null,
    project: project ? { id: project.id, name: project.name } : null,
    scheduleShare: share?.url
      ? { path: new URL(share.url).pathname, name: 'Night Shift (TV pilot)' }
      : null,
  }
  return records
}

async function measurePage(
  browser: Browser,
  bench: BenchStack,
  storageState: any,
  page: BenchPage
): Promise<PageResult> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(page.signedOut ? {} : { storageState }),
  })
  try {
    const tab = await context.newPage()
    const url = `${bench.stack.url(page.app)}${page.path}`
    const first = await visit(tab, url, page.proof)
    await settle(tab)
    const warm = await visit(tab, url, page.proof)
    await settle(tab)
    return { ...page, first, warm }
  } finally {
    await context.close()
  }
}

function report(pages: PageResult[], trips: TripResult[]) {
  const ms = (value: number | null) => (value === null ? 'never' : `${Math.round(value)}`)
  const mark = (value: number | null) => (value !== null && value <= GOAL_MS ? '' : ' ✗')
  const kib = (bytes: number) => `${Math.round(bytes / 1024)}`
  const lines = [
    '| app | page | server, first (ms) | data on screen, first (ms) | server, warm (ms) | data on screen, warm (ms) | fetches after the document | script KiB, first |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...pages.map(
      (row) =>
        `| ${row.app} | ${row.name} | ${ms(row.first.server)} | ${ms(row.first.ready)}${mark(row.first.ready)} | ${ms(row.warm.server)} | ${ms(row.warm.ready)}${mark(row.warm.ready)} | ${row.warm.fetches} | ${kib(row.first.scriptBytes)} |`
    ),
    '',
    '| sign-in round trip | first (ms) | median of the next (ms) |',
    '|---|---:|---:|',
    ...trips.map((trip) => {
      const [first, ...rest] = trip.runs
      const next = rest.length ? median(rest) : null
      return `| ${trip.app}, ${trip.kind} | ${ms(first)}${mark(first)} | ${ms(next)}${next === null ? '' : mark(next)} |`
    }),
  ]
  return lines.join('\n')
}

const run = new BenchRun()
let bench: BenchStack | null = null
let browser: Browser | null = null
try {
  bench = await startBenchStack(run)
  browser = await launchChromium()

  log('signing in to the three apps as the demo admin')
  const signedIn = await browser.newContext()
  await signInEverywhere(signedIn, bench.stack, bench.admin)
  const storageState = await signedIn.storageState()
  await signedIn.close()
  const records = await demoRecords(browser, bench, storageState)

  const pages = benchPages(records).filter((page) => !options.only || page.app === options.only)
  const results: PageResult[] = []
  for (const page of pages) {
    log(`${page.app} ${page.path}`)
    results.push(await measurePage(browser, bench, storageState, page))
  }

  const profiled = pages.find((page) => page.name === options.profile)
  let profile = ''
  if (profiled) {
    log(`${profiled.name} once more under the CPU profiler`)
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      ...(profiled.signedOut ? {} : { storageState }),
    })
    profile = await profilePage(
      context,
      `${bench.stack.url(profiled.app)}${profiled.path}`,
      profiled.proof
    )
    await context.close()
  }
  const trips: TripResult[] = []
  for (const app of ['transfer', 'schedule'] as const) {
    if (options.only && options.only !== app) continue
    log(`sign-in round trips at ${app}`)
    const ssoOnly = {
      ...storageState,
      cookies: storageState.cookies.filter(
        (cookie: { port?: number; name: string }) => cookie.name === 'connect.sid'
      ),
    }
    const context = await browser.newContext({ storageState: ssoOnly })
    const signedInAtSso: TripResult = { app, kind: 'signed in at sso', runs: [] }
    for (let index = 0; index < TRIPS; index++) {
      signedInAtSso.runs.push(await roundTrip(context, bench.stack, app))
    }
    const withForm: TripResult = { app, kind: "sso's form", runs: [] }
    for (let index = 0; index < TRIPS; index++) {
      withForm.runs.push(await roundTripWithForm(context, bench.stack, app, bench.admin))
    }
    await context.close()
    trips.push(signedInAtSso, withForm)
  }

  const cpu = cpus()
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}; load average at the end ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`
  console.log(`\n${machine}\n\n${report(results, trips)}`)
  if (profile) console.log(`\n${profile}`)
  for (const row of results.filter((result) => result.first.ready === null)) {
    console.log(
      `\n${row.app} ${row.name}: its proof never showed; the page said: ${row.first.shown}`
    )
  }
  await mkdir(`${root}tmp/bench`, { recursive: true })
  await writeFile(
    `${root}tmp/bench/pages.json`,
    JSON.stringify({ machine, goalMs: GOAL_MS, pages: results, signIn: trips }, null, 2)
  )
  log('written to tmp/bench/pages.json')
} catch (error) {
  // A failed step (the build, a migration) carries its whole output.
  const output = (error as { output?: string }).output
  console.error(output ? `${(error as Error).message}:\n${output.slice(-4000)}` : error)
  if (bench) console.error(`\nThe servers' last lines:\n${bench.recentLines()}`)
  process.exitCode = 1
} finally {
  await browser?.close()
  await bench?.stack.stop()
  await run.close()
}
