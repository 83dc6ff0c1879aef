import type { Logger } from '@adonisjs/core/logger'

/**
 * What kind of process the policy guards: a web server or a job worker keeps
 * serving everyone else; a one-off command carries on too but ends with a
 * failing exit code, so its caller (cron, a deploy script) learns of it.
 */
export type ProcessRole = 'server' | 'worker' | 'command'

/**
 * The process-wide policy of the apps: an error that escaped one request,
 * job or stream (a promise nobody awaited, an 'error' event nobody listened
 * to) is logged with what the process is, and never ends the process. Node's
 * default would stop every other request and job with it. Installed once the
 * process is up: an error while starting still stops it, as it should.
 */
export function installProcessSafety(logger: Logger, role: ProcessRole) {
  const context = { appId: process.env.APP_ID, role, pid: process.pid }
  const failed = () => {
    if (role === 'command') {
      process.exitCode = 1
    }
  }
  process.on('unhandledRejection', (reason) => {
    logger.error(
      { ...context, err: reason },
      'A promise failed and nothing handled it; the process carries on'
    )
    failed()
  })
  process.on('uncaughtException', (error, origin) => {
    logger.error(
      { ...context, err: error, origin },
      'An error escaped its request, job or stream; the process carries on'
    )
    failed()
  })
}
