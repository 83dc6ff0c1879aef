import { appProfile, appUrl } from '#config/app'
import env from '#start/env'
import type { DoctorCheck } from '#services/shared/doctor/doctor_check'
import { ssoDoctorCheck } from '#services/shared/relying_party/sso_doctor_check'
import { calendarCheck } from '#services/schedule/doctor/calendar_check'
import { pdfFontsCheck } from '#services/schedule/doctor/pdf_fonts_check'
import { placesCheck } from '#services/schedule/doctor/places_check'
import { smsCheck } from '#services/schedule/doctor/sms_check'
import { taskboardCheck } from '#services/schedule/doctor/taskboard_check'

/**
 * The checks of `node ace doctor` that only schedule has: sso as schedule
 * signs in with it, the outside services it is configured for (each skipped
 * when it is not), and the fonts its PDFs embed. Each reads its
 * configuration when it runs.
 */
export async function scheduleDoctorChecks(): Promise<DoctorCheck[]> {
  return [
    // The same return address as the sign-in (people/auth_controller.ts).
    ssoDoctorCheck(
      () => env.get('SSO_REDIRECT_URI') ?? new URL(appProfile.callbackPath!, appUrl).toString()
    ),
    smsCheck(),
    calendarCheck(),
    placesCheck(),
    taskboardCheck(),
    pdfFontsCheck(),
  ]
}
