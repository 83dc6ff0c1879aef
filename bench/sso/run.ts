/*
 * `npm run bench:sso`: sso's hot paths, measured against the production build.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. starts an embedded PostgreSQL on a free port, migrates and seeds an
 *      sso database (a verified person and a connected app),
 *   3. starts the built server (`node build/bin/server.js`, NODE_ENV=production),
 *   4. measures sign-in (POST /login with its CSRF token, end to end) beside
 *      one bare argon2id hash with the parameters the server stored,
 *   5. measures POST /api/apps/validate-token with autocannon beside a bare
 *      Node http server answering fixed JSON, in the same run, and reports the
 *      ratio; plus the framework's floor (the JWKS, served from memory) and
 *      the refusal of a forged token, which never reaches the database.
 *
 *   6. measures registration of a taken address beside a new one,
 *      alternating, each from its own address: the two answers must take
 *      the same time, or timing tells which addresses have an account.
 *
 *   7. with --soak=60: validate-token for that many seconds, throughput per
 *      10 s window (the last should be within 10 % of the first), errors.
 *
 * Options: --no-build, --connections=50, --duration=10, --sign-ins=20,
 * --soak=<seconds>, --cpu-prof (the server writes a V8 profile under
 * storage/bench-profiles/; read it with bench/profile_summary.ts).
 */
import { randomBytes } from 'node:crypto'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import autocannon, { type Options as LoadOptions } from 'autocannon'
import argon2, { type HashOptions } from 'argon2'
import pg from 'pg'
import { freePort } from '../../app/services/shared/local_stack.ts'
import { BenchRun, buildDir, log, root, run } from '../harness.ts'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'connections': { type: 'string', default: '50' },
    'duration': { type: 'string', default: '10' },
    'sign-ins': { type: 'string', default: '20' },
    'cpu-prof': { type: 'boolean', default: false },
    'soak': { type: 'string', default: '0' },
  },
})
const CONNECTIONS = Number(options.connections)
const DURATION = Number(options.duration)
const SIGN_INS = Number(options['sign-ins'])
const SOAK = Number(options.soak)
const EMAIL = 'bench@example.com'

/** A minimal cookie jar: name → value, from Set-Cookie headers. */
class Cookies {
  #jar = new Map<string, string>()
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair.indexOf('=')
      this.#jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
    }
  }
  header() {
    return [...this.#jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length
  return { mean, p50: percentile(sorted, 50), p95: percentile(sorted, 95), min: sorted[0] }
}

/** A form page as a browser opens it: its session cookie and CSRF token. */
async function formPage(url: string) {
  const cookies = new Cookies()
  const page = await fetch(url, { redirect: 'manual' })
  cookies.take(page)
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1]
  if (!csrf) {
    throw new Error(`${url} carried no CSRF token`)
  }
  return { cookies, csrf }
}

/** One sign-in as a browser does it: the page (session + CSRF token), then the POST. */
async function signIn(baseUrl: string, password: string) {
  const { cookies, csrf } = await formPage(`${baseUrl}/login`)
  const started = performance.now()
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'cookie': cookies.header(),
    },
    body: new URLSearchParams({ email: EMAIL, password, _csrf: csrf }).toString(),
  })
  await response.arrayBuffer()
  const elapsed = performance.now() - started
  cookies.take(response)
  const location = response.headers.get('location') ?? ''
  if (response.status !== 302 || location.includes('/login')) {
    throw new Error(`sign-in failed: ${response.status} → ${location}`)
  }
  return { elapsed, cookies }
}

async function measure(name: string, request: LoadOptions) {
  log(`${name}: warming up`)
  await autocannon({ ...request, connections: CONNECTIONS, duration: 2 })
  log(`${name}: ${CONNECTIONS} connections, ${DURATION} s`)
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: DURATION })
  return {
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** A long run at full load: requests per 10 s window, to see whether throughput holds. */
async function soak(request: LoadOptions) {
  log(`soak: ${CONNECTIONS} connections, ${SOAK} s`)
  const perSecond: number[] = []
  const running = autocannon({ ...request, connections: CONNECTIONS, duration: SOAK })
  running.on('tick', ({ counter }) => perSecond.push(counter))
  const result = await running
  const windows: number[] = []
  for (let start = 0; start + 10 <= perSecond.length; start += 10) {
    windows.push(perSecond.slice(start, start + 10).reduce((sum, count) => sum + count, 0) / 10)
  }
  return {
    windows,
    lastVersusFirst: windows.length > 1 ? windows.at(-1)! / windows[0] : 1,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    latencyP99: result.latency.p99,
  }
}

const bench = new BenchRun()

/**
 * One registration as a browser posts it, from `ip` (the server trusts the
 * loopback proxy's X-Forwarded-For), so the per-address limits never answer
 * instead of the work being measured.
 */
async function register(baseUrl: string, email: string, ip: string) {
  const { cookies, csrf } = await formPage(`${baseUrl}/register`)
  const started = performance.now()
  const response = await fetch(`${baseUrl}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'cookie': cookies.header(),
      'x-forwarded-for': ip,
    },
    body: new URLSearchParams({ email, password: 'a long bench passphrase', _csrf: csrf }),
  })
  await response.arrayBuffer()
  const elapsed = performance.now() - started
  if (response.status !== 302 || response.headers.get('location') !== '/login') {
    throw new Error(
      `registration answered ${response.status} → ${response.headers.get('location')}`
    )
  }
  return elapsed
}

async function main() {
  await bench.build(Boolean(options['no-build']), {
    APP_ID: 'sso',
    APP_KEY: randomBytes(32).toString('base64url'),
  })
  const databaseUrl = await bench.database('bench_sso')

  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const callback = `http://127.0.0.1:${await freePort()}/auth/callback`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ID: 'sso',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    APP_KEY: randomBytes(32).toString('base64url'),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    MAIL_MAILER: 'outbox',
    MAIL_OUTBOX_DIR: bench.scratch(`${bench.dataDir}-outbox`),
    FORCE_COLOR: '0',
  }

  log('migrating and seeding')
  await run(process.execPath, ['ace.js', 'migration:run', '--force'], buildDir, env)
  const seedOutput = await run(
    process.execPath,
    ['ace.js', 'sso:demo-seed', EMAIL, `--app=bench=${callback}`],
    buildDir,
    env
  )
  const seed = JSON.parse(seedOutput.trim().split('\n').at(-1)!) as {
    admin: { password: string }
    apps: { apiKey: string }[]
  }
  const apiKey = seed.apps[0].apiKey

  log('starting the built server')
  // --cpu-prof: V8 writes the server's profile when it exits (bench/profile_summary.ts reads it).
  const profile = options['cpu-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${root}storage/bench-profiles`]
    : []
  const server = bench.start([...profile, 'bin/server.js'], buildDir, env)
  await bench.waitForHttp(`${baseUrl}/api/bench-probe`, server)

  log(`signing in ${SIGN_INS} times`)
  await signIn(baseUrl, seed.admin.password)
  const signIns: number[] = []
  let session: Cookies | null = null
  for (let i = 0; i < SIGN_INS; i++) {
    const { elapsed, cookies } = await signIn(baseUrl, seed.admin.password)
    signIns.push(elapsed)
    session = cookies
  }

  log(`registering ${SIGN_INS} taken and ${SIGN_INS} new addresses, alternating`)
  const takenRegistrations: number[] = []
  const newRegistrations: number[] = []
  try {
    for (let i = 0; i < SIGN_INS; i++) {
      // The address registered in the round before (its own limits allow few attempts).
      const taken = i === 0 ? EMAIL : `new-${i - 1}@example.com`
      takenRegistrations.push(await register(baseUrl, taken, `198.18.0.${i + 1}`))
      newRegistrations.push(await register(baseUrl, `new-${i}@example.com`, `198.18.1.${i + 1}`))
    }
  } catch (error) {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    console.error(server.output().split('\n').slice(-20).join('\n'))
    throw error
  }

  const client = new pg.Client({ connectionString: env.DATABASE_URL })
  await client.connect()
  const { rows } = await client.query('select password from users where email = $1', [EMAIL])
  await client.end()
  const stored = rows[0].password as string
  const [, , , parameters] = stored.split('$')
  const { m, t, p } = Object.fromEntries(
    parameters.split(',').map((entry) => entry.split('=') as [string, string])
  )
  const argonOptions: HashOptions = {
    type: argon2.argon2id,
    memoryCost: Number(m),
    timeCost: Number(t),
    parallelism: Number(p),
    hashLength: 32,
  }
  log(`hashing ${SIGN_INS} times with argon2id m=${m},t=${t},p=${p}`)
  await argon2.hash('warm up the hasher', argonOptions)
  const hashes: number[] = []
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now()
    await argon2.hash(seed.admin.password, argonOptions)
    hashes.push(performance.now() - started)
  }

  const authorize = await fetch(
    `${baseUrl}/authorize?${new URLSearchParams({ client_id: apiKey, redirect_uri: callback })}`,
    { redirect: 'manual', headers: { cookie: session!.header() } }
  )
  const token = new URL(authorize.headers.get('location') ?? '', baseUrl).searchParams.get('token')
  if (!token) {
    throw new Error(
      `/authorize gave no token (${authorize.status} ${authorize.headers.get('location')})`
    )
  }
  const body = JSON.stringify({ token, apiKey })
  const check = await fetch(`${baseUrl}/api/apps/validate-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  const answer = await check.text()
  if (check.status !== 200) {
    throw new Error(`validate-token refused the benchmark token: ${answer}`)
  }

  const bare = bench.start([`${root}bench/sso/bare_server.ts`, answer], root, {
    ...process.env,
    NODE_OPTIONS: '--import=@poppinss/ts-exec',
  })
  await new Promise((resolve) => bare.child.stdout!.once('data', resolve))
  const barePort = Number(bare.output().trim())

  const post = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  }
  const bareResult = await measure('bare Node http', {
    url: `http://127.0.0.1:${barePort}/`,
    ...post,
    body,
  })
  const validResult = await measure('validate-token (valid)', {
    url: `${baseUrl}/api/apps/validate-token`,
    ...post,
    body,
  })
  const floorResult = await measure('GET /.well-known/jwks.json', {
    url: `${baseUrl}/.well-known/jwks.json`,
  })
  const [header, payload] = token.split('.')
  const forgedResult = await measure('validate-token (forged signature)', {
    url: `${baseUrl}/api/apps/validate-token`,
    ...post,
    body: JSON.stringify({ token: `${header}.${payload}.${'A'.repeat(86)}`, apiKey }),
  })

  const soaked =
    SOAK > 0 ? await soak({ url: `${baseUrl}/api/apps/validate-token`, ...post, body }) : null

  const cpu = cpus()
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
  const signInTimes = summary(signIns)
  const hashTimes = summary(hashes)
  const taken = summary(takenRegistrations)
  const fresh = summary(newRegistrations)
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const rps = (value: number) => Math.round(value).toLocaleString('en')

  console.log(`
Machine: ${machine}
autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after a 2 s warm-up), same machine

| target | requests/s | p50 latency | p99 latency | non-2xx |
|---|---|---|---|---|
| bare Node http (fixed JSON) | ${rps(bareResult.requestsPerSecond)} | ${bareResult.latencyP50} ms | ${bareResult.latencyP99} ms | ${bareResult.non2xx} |
| POST /api/apps/validate-token, valid token | ${rps(validResult.requestsPerSecond)} | ${validResult.latencyP50} ms | ${validResult.latencyP99} ms | ${validResult.non2xx} |
| GET /.well-known/jwks.json (framework only: no query, no signature) | ${rps(floorResult.requestsPerSecond)} | ${floorResult.latencyP50} ms | ${floorResult.latencyP99} ms | ${floorResult.non2xx} |
| POST /api/apps/validate-token, forged signature (401) | ${rps(forgedResult.requestsPerSecond)} | ${forgedResult.latencyP50} ms | ${forgedResult.latencyP99} ms | ${forgedResult.non2xx} |

validate-token / bare Node: ${((validResult.requestsPerSecond / bareResult.requestsPerSecond) * 100).toFixed(1)} % of the throughput

Sign-in, ${SIGN_INS} sequential runs (argon2id m=${m}, t=${t}, p=${p}):

| measure | mean | p50 | p95 | min |
|---|---|---|---|---|
| POST /login, end to end | ${ms(signInTimes.mean)} | ${ms(signInTimes.p50)} | ${ms(signInTimes.p95)} | ${ms(signInTimes.min)} |
| one bare argon2id hash | ${ms(hashTimes.mean)} | ${ms(hashTimes.p50)} | ${ms(hashTimes.p95)} | ${ms(hashTimes.min)} |

Sign-in beyond the hash (p50): ${ms(signInTimes.p50 - hashTimes.p50)}

Registration, ${SIGN_INS} of each, alternating:

| measure | mean | p50 | p95 | min |
|---|---|---|---|---|
| POST /register, an address with an account | ${ms(taken.mean)} | ${ms(taken.p50)} | ${ms(taken.p95)} | ${ms(taken.min)} |
| POST /register, a new address | ${ms(fresh.mean)} | ${ms(fresh.p50)} | ${ms(fresh.p95)} | ${ms(fresh.min)} |

New / taken (p50): ${(fresh.p50 / taken.p50).toFixed(2)} ×
`)
  if (soaked) {
    console.log(`Soak: validate-token (valid), ${CONNECTIONS} connections, ${SOAK} s

| 10 s window | ${soaked.windows.map((_, index) => `${index * 10}–${index * 10 + 10} s`).join(' | ')} |
|---|${soaked.windows.map(() => '---|').join('')}
| requests/s | ${soaked.windows.map(rps).join(' | ')} |

last window / first window: ${(soaked.lastVersusFirst * 100).toFixed(1)} %; p99 ${soaked.latencyP99} ms; errors ${soaked.errors}; non-2xx ${soaked.non2xx}
`)
  }
  if (soaked && (soaked.errors > 0 || soaked.non2xx > 0)) {
    throw new Error(`the soak had ${soaked.non2xx} non-2xx answers and ${soaked.errors} errors`)
  }
  if (validResult.errors > 0 || validResult.non2xx > 0) {
    throw new Error(
      `validate-token had ${validResult.non2xx} non-2xx answers and ${validResult.errors} errors`
    )
  }
}

try {
  await main()
} finally {
  await bench.close()
}
