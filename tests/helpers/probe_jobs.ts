import { access, appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { defineJob } from '#services/shared/jobs/job_definition'

/** Resolves once `path` exists; rejects when the job is aborted (expired, or the process stops). */
async function fileAppears(path: string, signal: AbortSignal) {
  while (true) {
    try {
      await access(path)
      return
    } catch {
      await sleep(50, undefined, { signal })
    }
  }
}

/**
 * Jobs whose runs the job-system tests count from outside the
 * worker processes, through files in `directory`. Registered only when
 * NODE_ENV=test and JOBS_PROBE_DIR is set (see providers/jobs_provider.ts).
 * Each handler holds its run until the test creates `directory/release`.
 */
export function probeJobs(directory: string) {
  const release = join(directory, 'release')
  return [
    defineJob({
      name: 'test.crash-probe',
      description: 'Test only: records each attempt, then does its effect once',
      policy: 'standard',
      retry: { limit: 2, delaySeconds: 0, backoff: false },
      expireInSeconds: 5,
      pollSeconds: 0.5,
      handler: async (_data, { jobId, retryCount, signal }) => {
        await appendFile(join(directory, 'attempts.log'), `${jobId} ${retryCount} ${process.pid}\n`)
        await fileAppears(release, signal)
        // The effect happens once per job, whichever attempt gets here first.
        try {
          await writeFile(join(directory, `done-${jobId}`), '', { flag: 'wx' })
        } catch {
          return
        }
        await appendFile(join(directory, 'effects.log'), `${jobId} ${process.pid}\n`)
      },
    }),
    defineJob({
      name: 'test.singleton-probe',
      description: 'Test only: sent by every worker at start; records each run',
      policy: 'exclusive',
      runAtStartAfterSeconds: 0,
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 60,
      pollSeconds: 0.5,
      handler: async (_data, { jobId, signal }) => {
        await appendFile(join(directory, 'singleton-runs.log'), `${jobId} ${process.pid}\n`)
        await fileAppears(release, signal)
      },
    }),
    defineJob({
      name: 'test.failing-probe',
      description: 'Test only: fails every attempt',
      policy: 'standard',
      retry: { limit: 2, delaySeconds: 1, backoff: true },
      expireInSeconds: 30,
      pollSeconds: 0.5,
      handler: async (_data, { jobId, retryCount }) => {
        await appendFile(join(directory, 'failures.log'), `${jobId} ${retryCount} ${Date.now()}\n`)
        throw new Error(`probe failure on attempt ${retryCount + 1}`)
      },
    }),
  ]
}
