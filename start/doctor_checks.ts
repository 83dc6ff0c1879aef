/*
 * The checks of `node ace doctor` that belong to one app (its signing keys,
 * its outside services, its tools), loaded for this process's app only, as
 * start/routes.ts loads its routes: shared code names no app.
 */
import env from '#start/env'
import type { DoctorCheck } from '#services/shared/doctor/doctor_check'

const appChecks: Record<string, () => Promise<DoctorCheck[]>> = {
  sso: () => import('#services/sso/doctor_checks').then((checks) => checks.ssoDoctorChecks()),
  transfer: () =>
    import('#services/transfer/doctor_checks').then((checks) => checks.transferDoctorChecks()),
  schedule: () =>
    import('#services/schedule/doctor_checks').then((checks) => checks.scheduleDoctorChecks()),
}

export function appDoctorChecks(): Promise<DoctorCheck[]> {
  return appChecks[env.get('APP_ID')]()
}
