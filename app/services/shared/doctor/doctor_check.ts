/**
 * One check of `node ace doctor` (issue 32): what it looks at, and either that
 * it is fine, or what is wrong with a one-line fix, or why it was not checked
 * (a service that is not configured is not a failure).
 */
export type DoctorOutcome =
  | { status: 'ok'; detail: string }
  | { status: 'failed'; detail: string; fix: string }
  | { status: 'skipped'; detail: string }

export interface DoctorCheck {
  /** The group it is printed under: configuration, database, jobs, storage, mail, sso, services, tools. */
  area: string
  /** What is checked, in words: "PostgreSQL reachable", "Twilio credentials". */
  name: string
  run(): Promise<DoctorOutcome>
  /**
   * It reads the app's database: skipped, rather than failed a second time,
   * when PostgreSQL cannot be reached.
   */
  needsDatabase?: boolean
}

export const ok = (detail: string): DoctorOutcome => ({ status: 'ok', detail })
export const failed = (detail: string, fix: string): DoctorOutcome => ({
  status: 'failed',
  detail,
  fix,
})
export const skipped = (detail: string): DoctorOutcome => ({ status: 'skipped', detail })
