/*
 * Test entrypoint of one app (APP_ID). `npm test` (bin/test_all.ts) runs it
 * once per app against a fresh database; each run sees only the test folders
 * of its own app (and, in the sso run, the cross-app browser tests).
 */
process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, suitesFor, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      suites: suitesFor(process.env.APP_ID!),
      setup: runnerHooks.setup,
      teardown: runnerHooks.teardown.concat([() => app.terminate()]),
    })
  })
  .run(async (app) => {
    await run()
    // When Japa stops before its teardown (an unknown suite or file filter),
    // the app is still up and its database pool would keep the process alive.
    await app.terminate()
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
