/*
 * The stack as `npm start` runs it (the production build, NODE_ENV=production,
 * migrations, the demo seed and the demo data) but the bench's own: its
 * databases on the run's embedded PostgreSQL, its files in a scratch folder,
 * free ports. Nothing of the person's own `npm start` is touched.
 *
 * The servers run from a copy of build/ in the scratch folder (inside the
 * project, so that node_modules resolves as from build/): another `npm
 * start` or test run rebuilding build/ midway would otherwise pull files
 * from under the running servers.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { APP_IDS, type AppId } from '../../app/services/shared/app_profiles.ts'
import {
  LocalStack,
  freePort,
  type DemoDataResult,
  type SeedResult,
} from '../../app/services/shared/local_stack.ts'
import { ensureProductionBuild } from '../../app/services/shared/production_build.ts'
import { type BenchRun, log, root } from '../harness.ts'

export type BenchStack = {
  stack: LocalStack
  admin: { email: string; password: string }
  demo: DemoDataResult
  /** The servers' last lines, for a step that fails. */
  recentLines: () => string
}

/** A copy of build/ (the production build of the sources) as `scratch`/build. */
async function copyOfTheBuild(scratch: string) {
  const copy = join(scratch, 'build')
  const fingerprintOf = (build: string) =>
    readFile(join(build, '.source-fingerprint'), 'utf8').catch(() => null)
  for (let attempt = 1; attempt <= 3; attempt++) {
    // Another build into build/ at the same time (a test run, `npm start`) makes one of them fail.
    const build = await ensureProductionBuild(root, log).catch((error) => {
      if (attempt === 3) throw error
      log('the build failed, perhaps beside another build into build/; trying again')
      return null
    })
    if (!build) continue
    log(build.built ? 'built build/' : 'reusing build/ (the sources have not changed)')
    const before = await fingerprintOf(build.directory)
    await rm(copy, { recursive: true, force: true })
    const copied = await cp(build.directory, copy, { recursive: true }).then(
      () => true,
      () => false
    )
    // The same build from start to end of the copy, whole: no other build replaced it meanwhile.
    const after = await fingerprintOf(build.directory)
    if (copied && before && before === after && (await fingerprintOf(copy)) === before) {
      if (existsSync(join(copy, 'bin/server.js'))) return
    }
    log('build/ changed while it was copied (another build); trying again')
  }
  throw new Error('build/ kept changing while the bench copied it: is another build running?')
}

export async function startBenchStack(run: BenchRun): Promise<BenchStack> {
  const scratch = run.scratch(join(root, 'storage', `bench-pages-${process.pid}`))
  await copyOfTheBuild(scratch)
  const databaseUrls = {} as Record<AppId, string>
  const ports = {} as Record<AppId, number>
  const secrets = {} as Record<AppId, string>
  for (const appId of APP_IDS) {
    databaseUrls[appId] = await run.database(`bench_pages_${appId}`)
    ports[appId] = await freePort()
    secrets[appId] = randomBytes(32).toString('base64url')
  }
  const recent: string[] = []
  const quiet = { LOG_LEVEL: 'warn' }
  const stack = new LocalStack({
    root: scratch,
    host: 'localhost',
    ports,
    databaseUrls,
    secrets,
    adminEmail: 'admin@example.com',
    mode: 'production',
    storage: join(scratch, 'storage'),
    extraEnv: { sso: quiet, transfer: quiet, schedule: quiet },
    log: (source, line) => {
      recent.push(`${source} │ ${line}`)
      recent.splice(0, recent.length - 40)
    },
  })
  log('migrating and seeding the three apps, adding the demo data')
  const seed: SeedResult = await stack.prepare()
  if (!seed.seeded) {
    throw new Error('the bench databases were not empty')
  }
  const demo = await stack.addDemoData(seed)
  log('starting the three servers')
  await stack.start(seed)
  return { stack, admin: seed.admin, demo, recentLines: () => recent.join('\n') }
}
