import { appProfile, appUrl } from '#config/app'
import type { DoctorCheck } from '#services/shared/doctor/doctor_check'
import { ssoDoctorCheck } from '#services/shared/relying_party/sso_doctor_check'
import { backupProviderCheck } from '#services/transfer/doctor/backup_provider_check'
import { mediaToolsChecks } from '#services/transfer/doctor/media_tools_check'

/**
 * The checks of `node ace doctor` that only transfer has: sso as transfer
 * signs in with it, the backup's provider, and the programs the page themes
 * run. Each reads its configuration when it runs.
 */
export async function transferDoctorChecks(): Promise<DoctorCheck[]> {
  return [
    // transfer's return address follows the request's host; APP_URL is its public one.
    ssoDoctorCheck(() => new URL(appProfile.callbackPath!, appUrl).toString()),
    backupProviderCheck(),
    ...mediaToolsChecks(),
  ]
}
