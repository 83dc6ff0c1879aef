/*
 * Ace entrypoint. App commands need APP_ID; the framework's own commands that
 * touch no app (build, list, make:…) run without it.
 */
import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { bootMode } from '../app/services/shared/doctor/boot_mode.ts'
import { provideEmbeddedDatabase } from './database.ts'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const command = process.argv[2] ?? 'list'
const appAgnostic = /^(build|list|help|add|configure|generate:key|inspect:rcfile|make:|-)/.test(
  command
)
if (appAgnostic) {
  process.env.APP_ID ??= 'sso'
  process.env.DATABASE_URL ??= 'postgres://unused@127.0.0.1/unused'
  process.env.APP_KEY ??= 'unused-unused-unused-unused-unused-unused'
}

// The doctor reports the settings the app would refuse to start with, instead of stopping at the first.
bootMode.doctor = command === 'doctor'

const embedded = appAgnostic || command === 'test' ? null : await provideEmbeddedDatabase(APP_ROOT)

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    if (!appAgnostic && command !== 'test') {
      app.booted(async () => {
        /*
         * An error that escaped one job or stream is logged and the rest carry
         * on: the worker keeps working, a one-off command ends with exit code 1.
         */
        const logger = await app.container.make('logger')
        const { installProcessSafety } = await import('#services/shared/process_safety')
        installProcessSafety(logger, command === 'jobs:work' ? 'worker' : 'command')
      })
    }
    app.terminating(async () => {
      await embedded?.stop()
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .ace()
  .configure(async (app) => {
    const { exitWithTwoOnWrongUsage } = await import('#services/shared/terminal/exit_codes')
    exitWithTwoOnWrongUsage(await app.container.make('ace'))
  })
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
