/*
 * `npm run bench:schedule:calendar-days`: what the production days cost the
 * calendar's day view and projects week, on the year of bench/schedule/data.ts
 * with every project day filled in.
 *
 *   1. builds and starts the server on the generated year, as
 *      `npm run bench:schedule` does (bench/schedule/year_server.ts;
 *      `--no-build` reuses build/),
 *   2. gives every day of every project its day info (title, call and wrap,
 *      a location on two days in three) and --activities activities (default
 *      8) of four types, in two set-based INSERTs,
 *   3. times, over HTTP, the Inertia partial reloads the page makes when it
 *      moves to a day or a week (the props the view draws), each with and
 *      without the `production` prop, alternating request by request so both
 *      see the same machine.
 *
 * Options: --no-build, --runs=40, --activities=8, --year=2026, --date=2026-06-17.
 */
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { BenchRun, log } from '../harness.ts'
import { startYearServer } from './year_server.ts'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'runs': { type: 'string', default: '40' },
    'activities': { type: 'string', default: '8' },
    'year': { type: 'string', default: '2026' },
    'date': { type: 'string', default: '2026-06-17' },
  },
})
const RUNS = Number(options.runs)
const ACTIVITIES = Number(options.activities)
const DATE = options.date!
const SHAPE = { year: Number(options.year), crew: 300, vendors: 100, projects: 1000, seed: 5 }
const RANGE_PROPS = ['place', 'setup', 'people', 'projects', 'conflicts']

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), min: sorted[0] }
}

const bench = new BenchRun()

async function main() {
  const { baseUrl, cookie, client } = await startYearServer(bench, {
    noBuild: Boolean(options['no-build']),
    database: 'bench_calendar_days',
    shape: SHAPE,
  })

  log(`filling every project day: day info and ${ACTIVITIES} activities`)
  await client.query(`
    INSERT INTO locations (name, address, lat, lng)
    SELECT 'Location ' || n, n || ' Harbour Road', 51 + n / 100.0, -2 + n / 100.0
      FROM generate_series(1, 60) n;
    INSERT INTO activity_types (name, color, sort_order)
    VALUES ('Camera', '#d9480f', 1), ('Talent', '#2f9e44', 2), ('Hair and make-up', '#9c36b5', 3),
           ('Locations', '#1971c2', 4);
    INSERT INTO project_day_info (project_id, date, title, call_time, wrap_time, location_id)
    SELECT p.id, d::date, 'Day ' || (d::date - p.start_date + 1) || ' of ' || p.name, '07:00', '19:00',
           CASE WHEN (p.id + (d::date - p.start_date)) % 3 = 0 THEN NULL
                ELSE (SELECT min(id) FROM locations) + (p.id % 60) END
      FROM projects p, generate_series(p.start_date, p.end_date, interval '1 day') d;`)
  await client.query(
    `INSERT INTO activities (project_id, date, name, activity_type_id, start_time, end_time)
     SELECT p.id, d::date, 'Activity ' || n,
            (SELECT min(id) FROM activity_types) + (n % 4),
            to_char(time '06:00' + (n - 1) * interval '75 minutes', 'HH24:MI'),
            to_char(time '06:00' + (n - 1) * interval '75 minutes' + interval '60 minutes', 'HH24:MI')
       FROM projects p, generate_series(p.start_date, p.end_date, interval '1 day') d,
            generate_series(1, $1::int) n`,
    [ACTIVITIES]
  )
  const counts = await client.query(`
    SELECT (SELECT count(*) FROM project_day_info)::int AS days,
           (SELECT count(*) FROM activities)::int AS activities`)
  await client.end()

  // The asset version the page was built with: a visit with another is answered 409.
  const first = await fetch(`${baseUrl}/calendar`, { headers: { cookie } })
  const html = await first.text()
  const version = /"version":"([^"]*)"/.exec(html.replaceAll('&quot;', '"'))?.[1] ?? ''

  async function visit(url: string, only: string[]) {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${url}`, {
      headers: {
        cookie,
        'x-inertia': 'true',
        'x-inertia-version': version,
        'x-inertia-partial-component': 'schedule/calendar',
        'x-inertia-partial-data': only.join(','),
      },
    })
    const body = await response.text()
    const elapsed = performance.now() - started
    if (response.status !== 200)
      throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`)
    return { elapsed, bytes: Buffer.byteLength(body), props: JSON.parse(body).props }
  }

  const views = [
    { name: 'day, projects mode', url: `/calendar?view=day&mode=projects&date=${DATE}` },
    { name: 'day, people mode', url: `/calendar?view=day&mode=people&date=${DATE}` },
    { name: 'week, projects mode', url: `/calendar?view=week&mode=projects&date=${DATE}` },
  ]
  const rows: string[] = []
  for (const view of views) {
    log(`${view.name}: ${RUNS} partial reloads with and without the production days`)
    const without: number[] = []
    const withDays: number[] = []
    let sizes = { without: 0, with: 0 }
    let held = { days: 0, activities: 0 }
    for (let index = 0; index < RUNS + 5; index++) {
      const plain = await visit(view.url, RANGE_PROPS)
      const full = await visit(view.url, [...RANGE_PROPS, 'production'])
      if (index < 5) continue
      without.push(plain.elapsed)
      withDays.push(full.elapsed)
      sizes = { without: plain.bytes, with: full.bytes }
      held = {
        days: full.props.production.days.length,
        activities: full.props.production.activities.length,
      }
    }
    const a = summary(without)
    const b = summary(withDays)
    const ms = (value: number) => `${value.toFixed(1)} ms`
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
    rows.push(
      `| ${view.name} (${held.days} days, ${held.activities} activities) | ${ms(a.p50)} / ${ms(b.p50)} | ${ms(a.p95)} / ${ms(b.p95)} | ${ms(a.min)} / ${ms(b.min)} | ${kb(sizes.without)} / ${kb(sizes.with)} |`
    )
  }

  const cpu = cpus()
  console.log(`
Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}
Data: the year of bench:schedule with ${counts.rows[0].days} project days filled in and ${counts.rows[0].activities} activities

Inertia partial reloads of the view's props for ${DATE}, ${RUNS} each after 5 untimed, without / with \`production\`:

| view | p50 | p95 | min | body |
|---|---|---|---|---|
${rows.join('\n')}
`)
}

try {
  await main()
} finally {
  await bench.close()
}
