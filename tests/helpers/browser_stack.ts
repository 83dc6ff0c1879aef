import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import pg from 'pg'
import { APP_IDS, type AppId } from '#services/shared/app_profiles'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import {
  LocalStack,
  freePort,
  type LocalStackOptions,
  type SeedResult,
} from '#services/shared/local_stack'
import { ensureProductionBuild } from '#services/shared/production_build'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'
import { startGoogleCalendarFake, type GoogleCalendarFake } from '#tests/fakes/google_calendar'
import { startGooglePlacesFake, type GooglePlacesFake } from '#tests/fakes/google_places'
import { startTwilioFake, type TwilioFake } from '#tests/fakes/twilio'
import { TestOidcProvider } from '#tests/helpers/oidc_provider'

export type SeededStack = { stack: LocalStack; seed: Extract<SeedResult, { seeded: true }> }

/*
 * The last lines the stacks' servers printed, kept so that a browser test
 * that fails on a busy CI machine shows what the servers were doing
 * (tests/bootstrap.ts prints them) without STACK_LOG's flood on every run.
 */
const RECENT_LINES = 60
const recentOutput: string[] = []

export function printRecentStackOutput() {
  if (recentOutput.length > 0) {
    console.log(`\nThe stack's last ${recentOutput.length} lines before this failure:`)
    console.log(recentOutput.join('\n'))
  }
}

/**
 * The whole stack as `npm run dev` starts it (or, with `mode: 'production'`,
 * as `npm start` does: from the production build, built first unless build/
 * holds these sources', keeping its files under `storage`): its own
 * databases (named after `name`), free ports, and any extra environment per
 * app. Returns the running stack and what the seed created; stop it with
 * `stack.stop()`. Browser files use the shared one (sharedBrowserStack); a
 * file whose environment would change what the others see may start a stack
 * of its own with this. `onLine` also receives each line the stack prints.
 */
export async function startBrowserStack(
  name: string,
  extraEnv: (
    ports: Record<AppId, number>
  ) => LocalStackOptions['extraEnv'] | Promise<LocalStackOptions['extraEnv']> = () => ({}),
  onLine?: (source: string, line: string) => void,
  { mode, storage }: Pick<LocalStackOptions, 'mode' | 'storage'> = {}
): Promise<SeededStack> {
  const server = process.env.TEST_DATABASE_SERVER_URL
  if (!server) {
    throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests with npm test')
  }
  const databaseUrls = {} as Record<AppId, string>
  const ports = {} as Record<AppId, number>
  const secrets = {} as Record<AppId, string>
  for (const appId of APP_IDS) {
    await recreateDatabase(server, `browser_${name}_${appId}`)
    databaseUrls[appId] = withDatabase(server, `browser_${name}_${appId}`)
    ports[appId] = await freePort()
    secrets[appId] = randomBytes(32).toString('base64url')
  }
  const log = (source: string, line: string) => {
    onLine?.(source, line)
    if (process.env.STACK_LOG) {
      console.log(`${source} │ ${line}`)
    } else {
      recentOutput.push(`${source} │ ${line}`)
      recentOutput.splice(0, recentOutput.length - RECENT_LINES)
    }
  }
  if (mode === 'production') {
    await ensureProductionBuild(app.makePath(), (line) => log('stack', line))
  }
  const stack = new LocalStack({
    root: app.makePath(),
    mode,
    storage,
    host: 'localhost',
    ports,
    databaseUrls,
    secrets,
    adminEmail: 'admin@example.com',
    extraEnv: await extraEnv(ports),
    log,
  })
  const seed = await stack.prepare()
  if (!seed.seeded) {
    throw new Error('the browser test databases were not empty')
  }
  await stack.start(seed)
  return { stack, seed }
}

/**
 * The one stack every browser test of a run shares (see sharedBrowserStack),
 * with the places its apps write to and the OpenID Connect provider sso is
 * pointed at.
 */
export type SharedBrowserStack = SeededStack & {
  /** transfer's fs disk (DRIVE_FS_ROOT). */
  driveRoot: string
  /** Where each app's mail lands (MAIL_OUTBOX_DIR). */
  outbox: Record<AppId, string>
  /** "Sign in with Test IdP" on sso's sign-in page; tests add the accounts they need. */
  idp: TestOidcProvider
  /** Dropbox on loopback, where transfer's backup is pointed (the backup tests set it up). */
  dropbox: DropboxFake
  /**
   * Google Calendar on loopback, with schedule's CALENDAR_SERVICE_KEY and
   * CALENDAR_API_URL pointed at it; the sync stays off until a test chooses
   * a calendar (and should choose none again when it is done).
   */
  calendar: GoogleCalendarFake
  /** Google Places (New) on loopback: schedule's MAPS_API_KEY and PLACES_BASE_URL point at it. */
  places: GooglePlacesFake
  /** Twilio on loopback: schedule's SMS_* point at it, so texts go through the real SDK. */
  twilio: TwilioFake
}

let shared: Promise<SharedBrowserStack> | null = null
let sharedScratch: string | null = null

/**
 * The whole stack, started by the first browser test file that asks for it
 * and stopped once at the end of the run (tests/bootstrap.ts), so a browser
 * file costs its tests only, not three servers' start. It runs the
 * production build, as `npm start` does: what people get, and a page opens
 * in a third less time than from Vite's dev server, which serves every
 * module on its own (built once per run at most; a build whose sources have
 * not changed is reused). Its environment is
 * what any browser file needs: sso's mail outbox and an OpenID Connect
 * provider, transfer's disk and outbox. Tests share its databases, so each
 * one makes its own rows (own names and emails) and never counts rows it did
 * not make.
 */
export function sharedBrowserStack(): Promise<SharedBrowserStack> {
  shared ??= startSharedStack().catch((error) => {
    // A failed start is reported to the file that asked; the next one tries again.
    shared = null
    throw error
  })
  return shared
}

async function startSharedStack(): Promise<SharedBrowserStack> {
  const scratch = await mkdtemp(join(tmpdir(), 'browser-stack-'))
  sharedScratch = scratch
  const driveRoot = join(scratch, 'drive')
  const outbox = Object.fromEntries(
    APP_IDS.map((appId) => [appId, join(scratch, 'outbox', appId)])
  ) as Record<AppId, string>
  let idp: TestOidcProvider | undefined
  const dropbox = await startDropboxFake()
  const calendar = await startGoogleCalendarFake()
  const places = await startGooglePlacesFake()
  const twilio = await startTwilioFake()
  const running = await startBrowserStack(
    'run',
    async (ports) => {
      // The provider must know sso's callback, so it starts once the ports are chosen.
      idp = new TestOidcProvider({
        redirectUris: [`http://localhost:${ports.sso}/auth/oidc/callback`],
      })
      await idp.start()
      return {
        // The production build, with the design system's gallery the component tests drive.
        sso: { ...idp.env('Test IdP'), MAIL_OUTBOX_DIR: outbox.sso, DESIGN_SYSTEM_GALLERY: 'true' },
        // 1 MiB chunks, so a backup in a test goes in several parts.
        transfer: {
          DRIVE_FS_ROOT: driveRoot,
          MAIL_OUTBOX_DIR: outbox.transfer,
          BACKUP_CHUNK_MB: '1',
          ...dropbox.env,
        },
        schedule: {
          MAIL_OUTBOX_DIR: outbox.schedule,
          DRIVE_PRIVATE_FS_ROOT: join(scratch, 'private', 'schedule'),
          ...calendar.env,
          ...places.env,
          ...twilio.env,
        },
      }
    },
    undefined,
    { mode: 'production', storage: join(scratch, 'storage') }
  ).catch(async (error) => {
    await idp?.stop()
    await dropbox.close()
    await calendar.close()
    await places.close()
    await twilio.close()
    throw error
  })
  return { ...running, driveRoot, outbox, idp: idp!, dropbox, calendar, places, twilio }
}

/**
 * Rate-limit counts of the shared stack's apps, cleared before each browser
 * test: with a stack of its own, each file started with none, and two dozen
 * sign-ins in one run would otherwise reach the apps' per-IP limits.
 */
export async function forgetSharedStackRateLimits() {
  if (!shared) {
    return
  }
  const { stack } = await shared
  for (const appId of APP_IDS) {
    const client = new pg.Client({ connectionString: stack.options.databaseUrls[appId] })
    await client.connect()
    try {
      await client.query('delete from rate_limits')
    } finally {
      await client.end()
    }
  }
}

/** Stops the shared stack if a test started it (the end of the run). */
export async function stopSharedBrowserStack() {
  const starting = shared
  shared = null
  if (starting) {
    const running = await starting.catch(() => null)
    await running?.stack.stop()
    await running?.idp.stop()
    await running?.dropbox.close()
    await running?.calendar.close()
    await running?.places.close()
    await running?.twilio.close()
  }
  if (sharedScratch) {
    await rm(sharedScratch, { recursive: true, force: true })
    sharedScratch = null
  }
}
