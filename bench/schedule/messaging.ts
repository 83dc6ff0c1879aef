/*
 * `npm run bench:schedule:messaging`: an availability request to a roster
 * of 300, sent by text through the real `twilio` SDK to the loopback Twilio
 * fake (tests/fakes/twilio.ts), and Twilio's status callbacks coming back.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. starts an embedded PostgreSQL, migrates a schedule database and
 *      stores a project with 300 crew on its roster, each with a mobile
 *      number,
 *   3. starts the built server with SMS_* pointed at the fake and its
 *      workers in the web process (as by default), signed in through the
 *      development bypass,
 *   4. per run: POST /api/messages to the roster (the time to answer is
 *      the time to store 300 recipients and queue 300 jobs), then waits
 *      until every recipient's text is `sent` (the workers: 4 at a time,
 *      each rendering the text, claiming the row and calling Twilio),
 *   5. then Twilio's side: a signed `delivered` callback for half of the
 *      texts one after another, and for the other half 10 at a time, and
 *      checks that all 300 rows say delivered.
 *
 * Options: --no-build, --runs=2, --recipients=300, --parallel=10.
 */
import { randomBytes } from 'node:crypto'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startTwilioFake, type TwilioFake } from '../../tests/fakes/twilio.ts'
import { BenchRun, buildDir, log, run } from '../harness.ts'
import { scheduleServerEnv } from './year_server.ts'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'runs': { type: 'string', default: '2' },
    'recipients': { type: 'string', default: '300' },
    'parallel': { type: 'string', default: '10' },
  },
})
const RUNS = Number(options.runs)
const RECIPIENTS = Number(options.recipients)
const PARALLEL = Number(options.parallel)

const bench = new BenchRun()
let twilio: TwilioFake | null = null

type Result = {
  run: number
  queueMs: number
  allSentMs: number
  sequentialCallbackMs: number[]
  parallelCallbacksMs: number
  parallelCount: number
}

/** A project whose roster is RECIPIENTS crew members, each with a US mobile number. */
async function storeRoster(client: pg.Client) {
  const status = await client.query(
    `insert into statuses (name, color, sort_order) values ('Bench asked', '#888888', 99) returning id`
  )
  const project = await client.query(
    `insert into projects (name, start_date, end_date, color)
     values ('Benchmark harbour shoot', '2031-06-02', '2031-06-06', '#2563eb') returning id`
  )
  for (let index = 0; index < RECIPIENTS; index++) {
    const crew = await client.query(
      `insert into crews (name, phone, email) values ($1, $2, $3) returning id`,
      [
        `Bench Crew ${String(index + 1).padStart(3, '0')}`,
        `+1 415 555 ${String(index).padStart(4, '0')}`,
        `crew${index + 1}@example.com`,
      ]
    )
    await client.query(
      `insert into project_crew (project_id, crew_id, status_id, sort_order) values ($1, $2, $3, $4)`,
      [project.rows[0].id, crew.rows[0].id, status.rows[0].id, index]
    )
  }
  return project.rows[0].id as number
}

/** Resolves once `condition` holds, checking every 20 ms; the time it took. */
async function timeUntil(condition: () => Promise<boolean>, limitMs = 10 * 60_000) {
  const started = performance.now()
  while (!(await condition())) {
    if (performance.now() - started > limitMs) {
      throw new Error('gave up waiting')
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return performance.now() - started
}

function percentile(values: number[], fraction: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]
}

async function main() {
  twilio = await startTwilioFake()
  await bench.build(Boolean(options['no-build']), {
    APP_ID: 'schedule',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
  })
  const databaseUrl = await bench.database('bench_schedule_messaging')
  const { baseUrl, env } = await scheduleServerEnv(databaseUrl, twilio.env)
  log('migrating')
  await run(process.execPath, ['ace.js', 'migration:run', '--force'], buildDir, env)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  log(`storing a roster of ${RECIPIENTS}`)
  const projectId = await storeRoster(client)

  log('starting the built server')
  const server = bench.start(['bin/server.js'], buildDir, env)
  await bench.waitForHttp(`${baseUrl}/api/bench-probe`, server)
  // The bypass answers the first page without a session with an admin session and its CSRF token.
  const page = await fetch(`${baseUrl}/messages`, { headers: { accept: 'text/html' } })
  const cookie = page.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1]
  if (!token) {
    throw new Error('no CSRF token on /messages')
  }

  const results: Result[] = []
  for (let runNumber = 1; runNumber <= RUNS; runNumber++) {
    twilio.reset()
    log(`run ${runNumber}: sending to ${RECIPIENTS}`)
    const started = performance.now()
    const response = await fetch(`${baseUrl}/api/messages`, {
      method: 'POST',
      headers: {
        'accept': 'application/json',
        'content-type': 'application/json',
        'cookie': cookie,
        'x-csrf-token': token,
      },
      body: JSON.stringify({
        audience: { projectId },
        body: 'Hi {firstName}, are you free for {project} ({dates})? Answer here: {answerLink}',
        channel: 'sms',
      }),
    })
    const queueMs = performance.now() - started
    if (response.status !== 201) {
      throw new Error(`POST /api/messages answered ${response.status}: ${await response.text()}`)
    }
    const { id: messageId } = (await response.json()) as { id: number }
    const sentCount = async () => {
      const { rows } = await client.query(
        `select count(*)::int as sent from message_recipients where message_id = $1 and sms_status = 'sent'`,
        [messageId]
      )
      return rows[0].sent as number
    }
    await timeUntil(async () => (await sentCount()) === RECIPIENTS)
    const allSentMs = performance.now() - started
    if (twilio.messages.length !== RECIPIENTS) {
      throw new Error(`Twilio received ${twilio.messages.length} texts, not ${RECIPIENTS}`)
    }

    // Each callback writes (queued → delivered): half of them one at a time, half PARALLEL at once.
    const sids = twilio.messages.map((message) => message.sid)
    const half = Math.floor(sids.length / 2)
    log(
      `run ${runNumber}: ${half} delivered callbacks one by one, ${sids.length - half} ${PARALLEL} at a time`
    )
    const deliver = async (sid: string) => {
      const answer = await twilio!.reportStatus(sid, 'delivered', { deliverTo: baseUrl })
      if (answer.status !== 204) {
        throw new Error(`a status callback answered ${answer.status}`)
      }
    }
    const sequentialCallbackMs: number[] = []
    for (const sid of sids.slice(0, half)) {
      const one = performance.now()
      await deliver(sid)
      sequentialCallbackMs.push(performance.now() - one)
    }
    const parallelStarted = performance.now()
    const waiting = sids.slice(half)
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let sid = waiting.shift(); sid; sid = waiting.shift()) {
          await deliver(sid)
        }
      })
    )
    const parallelCallbacksMs = performance.now() - parallelStarted
    const parallelCount = sids.length - half
    const { rows } = await client.query(
      `select count(*)::int as delivered from message_recipients where message_id = $1 and status = 'delivered'`,
      [messageId]
    )
    if (rows[0].delivered !== RECIPIENTS) {
      throw new Error(`${rows[0].delivered} recipients delivered, not ${RECIPIENTS}`)
    }
    results.push({
      run: runNumber,
      queueMs,
      allSentMs,
      sequentialCallbackMs,
      parallelCallbacksMs,
      parallelCount,
    })
  }
  await client.end()

  console.log(
    `\n${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}; ${RECIPIENTS} recipients\n`
  )
  console.log(
    '| run | POST /api/messages (store and queue) | all texts sent | texts per second | a callback, one at a time (median, p90) | callbacks, ' +
      `${PARALLEL} at a time |`
  )
  console.log('|---|---|---|---|---|---|')
  for (const result of results) {
    const perSecond = (RECIPIENTS / result.allSentMs) * 1000
    const callbacksPerSecond = (result.parallelCount / result.parallelCallbacksMs) * 1000
    console.log(
      `| ${result.run} | ${Math.round(result.queueMs)} ms | ${(result.allSentMs / 1000).toFixed(1)} s | ${perSecond.toFixed(0)} | ${percentile(result.sequentialCallbackMs, 0.5).toFixed(1)} ms, ${percentile(result.sequentialCallbackMs, 0.9).toFixed(1)} ms | ${(result.parallelCallbacksMs / 1000).toFixed(2)} s (${callbacksPerSecond.toFixed(0)}/s) |`
    )
  }
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    await bench.close()
    await twilio?.close()
  })
