import { skipped, type DoctorCheck, type DoctorOutcome } from '#services/shared/doctor/doctor_check'
import { configurationChecks } from '#services/shared/doctor/configuration_checks'
import { databaseChecks, databaseReachableCheck } from '#services/shared/doctor/database_checks'
import { jobChecks } from '#services/shared/doctor/job_checks'
import { mailCheck } from '#services/shared/doctor/mail_check'
import { storageChecks } from '#services/shared/doctor/storage_checks'

/** One line of the doctor's report (and one object of its --json). */
export interface DoctorResult {
  area: string
  name: string
  status: DoctorOutcome['status']
  detail: string
  fix: string | null
}

/** The order areas are printed in; an area not named here comes after them. */
export const DOCTOR_AREAS = [
  'configuration',
  'database',
  'jobs',
  'storage',
  'mail',
  'sso',
  'services',
  'tools',
]

/** A check that has not answered by then is reported as failing, and the doctor goes on. */
const CHECK_TIMEOUT_MS = 20_000

/** The checks every app shares: settings, database, jobs, files, mail. */
export function sharedDoctorChecks(): DoctorCheck[] {
  return [...configurationChecks, ...databaseChecks, ...jobChecks, ...storageChecks, mailCheck]
}

/**
 * Runs the checks side by side, each within CHECK_TIMEOUT_MS (those that
 * read the database once PostgreSQL has answered); a check that
 * throws is a failure with its error, never the end of the report. Results
 * are grouped by area, in DOCTOR_AREAS' order, each area in its checks' order.
 */
export async function runDoctorChecks(
  checks: DoctorCheck[],
  timeoutMs = CHECK_TIMEOUT_MS
): Promise<DoctorResult[]> {
  // The database first: the checks that read it wait for the answer.
  const database = checks.includes(databaseReachableCheck)
    ? settle(databaseReachableCheck, timeoutMs)
    : Promise.resolve(null)
  const results = await Promise.all(
    checks.map(async (check): Promise<DoctorResult> => {
      const reached = await database
      const outcome =
        check === databaseReachableCheck
          ? reached!
          : check.needsDatabase && reached?.status === 'failed'
            ? skipped('not checked: PostgreSQL cannot be reached (see above)')
            : await settle(check, timeoutMs)
      return {
        area: check.area,
        name: check.name,
        status: outcome.status,
        detail: outcome.detail,
        fix: outcome.status === 'failed' ? outcome.fix : null,
      }
    })
  )
  const rank = (area: string) => {
    const index = DOCTOR_AREAS.indexOf(area)
    return index === -1 ? DOCTOR_AREAS.length : index
  }
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => rank(a.result.area) - rank(b.result.area) || a.index - b.index)
    .map(({ result }) => result)
}

async function settle(check: DoctorCheck, timeoutMs: number): Promise<DoctorOutcome> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<DoctorOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          status: 'failed',
          detail: `no answer within ${timeoutMs / 1000} s`,
          fix: 'whatever it waits for (a server, a disk) hangs: look at it, then run the doctor again',
        }),
      timeoutMs
    )
  })
  try {
    return await Promise.race([check.run(), timeout])
  } catch (error) {
    return {
      status: 'failed',
      detail: `the check itself failed: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'report this with the message above; the other checks still ran',
    }
  } finally {
    clearTimeout(timer)
  }
}
