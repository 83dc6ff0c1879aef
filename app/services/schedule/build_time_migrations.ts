import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { stripVTControlCharacters } from 'node:util'

/**
 * Spec 3's DATABASE_PUBLIC_URL ("build-time migrations"): on hosts whose
 * private network is not up while the app is built, the build reaches
 * schedule's database through its public address and migrates it there, so
 * the new release starts on the schema it expects. `node ace build` calls
 * this once it has compiled (start/build_time_migrations.ts); without
 * DATABASE_PUBLIC_URL it does nothing.
 *
 * The migrations run in their own `node ace migration:run --force` process
 * as schedule, against that URL. Booting schedule wants SESSION_SECRET and
 * SSO_API_KEY, which a build environment may not have: migrations use
 * neither, so throwaway values stand in when they are missing.
 */
export async function migrateScheduleAtBuild(options: {
  /** The project's source folder (where ace.js is). */
  root: string
  env?: NodeJS.ProcessEnv
  log?: (line: string) => void
}): Promise<'migrated' | 'not configured'> {
  const env = options.env ?? process.env
  const log = options.log ?? (() => {})
  const url = env.DATABASE_PUBLIC_URL
  if (!url) {
    return 'not configured'
  }
  log("DATABASE_PUBLIC_URL is set: migrating schedule's database")
  const child = spawn(process.execPath, ['ace.js', 'migration:run', '--force'], {
    cwd: options.root,
    env: {
      ...env,
      APP_ID: 'schedule',
      DATABASE_URL: url,
      SESSION_SECRET: env.SESSION_SECRET || randomBytes(32).toString('base64url'),
      SSO_API_KEY: env.SSO_API_KEY || 'ak_build_time_migrations',
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const relay = (chunk: Buffer) => {
    output += chunk
    // The migrator redraws its progress lines with cursor codes even without a terminal.
    stripVTControlCharacters(chunk.toString())
      .split('\n')
      .filter((line) => line.trim())
      .forEach((line) => log(line))
  }
  child.stdout.on('data', relay)
  child.stderr.on('data', relay)
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) {
    throw new Error(`schedule's build-time migrations (DATABASE_PUBLIC_URL) failed:\n${output}`)
  }
  return 'migrated'
}
