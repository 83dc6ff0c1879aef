import type { DoctorCheck } from '#services/shared/doctor/doctor_check'

/** The checks of `node ace doctor` that only transfer has: its outside services and tools. */
export async function transferDoctorChecks(): Promise<DoctorCheck[]> {
  return []
}
