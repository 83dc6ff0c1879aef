import { inspect } from 'node:util'

/*
 * A promise that fails with nobody awaiting it is a bug the server would
 * only log (app/services/shared/process_safety.ts). In the tests it fails
 * the test that was running when it happened, with the reason, rather than
 * only a line in the run's summary that no test owns (Japa still fails the
 * run for one that happens between tests).
 */
const stray: unknown[] = []
let recording = false

/** Starts recording unhandled rejections (once per run). */
export function recordStrayRejections() {
  if (recording) return
  recording = true
  process.on('unhandledRejection', (reason) => {
    stray.push(reason)
  })
}

/** Throws when a promise failed unhandled since the last check: the running test fails with it. */
export function failOnStrayRejections() {
  if (stray.length === 0) return
  const reasons = stray.splice(0).map((reason) => inspect(reason, { depth: 4 }))
  throw new Error(
    `${reasons.length} promise rejection(s) were never handled since the previous test ended ` +
      `(a promise neither awaited nor caught):\n${reasons.join('\n\n')}`
  )
}
