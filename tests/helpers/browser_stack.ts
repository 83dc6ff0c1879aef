import { randomBytes } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import { APP_IDS, type AppId } from '#services/shared/app_profiles'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import {
  LocalStack,
  freePort,
  type LocalStackOptions,
  type SeedResult,
} from '#services/shared/local_stack'

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
 * The whole stack as `npm run dev` starts it, for a browser test: its own
 * databases (named after `name`), free ports, and any extra environment per
 * app. Returns the running stack and what the seed created; stop it with
 * `stack.stop()`.
 */
export async function startBrowserStack(
  name: string,
  extraEnv: (
    ports: Record<AppId, number>
  ) => LocalStackOptions['extraEnv'] | Promise<LocalStackOptions['extraEnv']> = () => ({})
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
  const stack = new LocalStack({
    root: app.makePath(),
    host: 'localhost',
    ports,
    databaseUrls,
    secrets,
    adminEmail: 'admin@example.com',
    extraEnv: await extraEnv(ports),
    log: (source, line) => {
      if (process.env.STACK_LOG) {
        console.log(`${source} │ ${line}`)
      } else {
        recentOutput.push(`${source} │ ${line}`)
        recentOutput.splice(0, recentOutput.length - RECENT_LINES)
      }
    },
  })
  const seed = await stack.prepare()
  if (!seed.seeded) {
    throw new Error('the browser test databases were not empty')
  }
  await stack.start(seed)
  return { stack, seed }
}
