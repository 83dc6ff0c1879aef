import app from '@adonisjs/core/services/app'
import { failed, ok, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { SsoClient, SsoUnavailableError } from '#services/shared/relying_party/sso_client'

/**
 * `node ace doctor` in a relying app (transfer, schedule): sso answers at
 * SSO_BASE_URL and takes this app's sign-in request, asked through the
 * app's own sso client as a browser's sign-in would be. Nobody is signed
 * in: sso only says it would send a stranger to its sign-in page.
 * `redirectUri` is where the app has sso send people back (read when the
 * check runs).
 */
/** What lies under fetch's "fetch failed": ECONNREFUSED, ENOTFOUND, a timeout… */
function deepestReason(error: Error) {
  let reason = error.message
  for (let cause = error.cause as Error | undefined; cause; cause = cause.cause as Error) {
    reason = (cause as NodeJS.ErrnoException).code ?? cause.message ?? reason
  }
  return reason
}

export function ssoDoctorCheck(redirectUri: () => string): DoctorCheck {
  return {
    area: 'sso',
    name: 'sso reachable, apiKey accepted',
    async run() {
      const sso = await app.container.make(SsoClient)
      const returnTo = redirectUri()
      let answer
      try {
        answer = await sso.signInRequestAnswer(returnTo)
      } catch (error) {
        if (!(error instanceof SsoUnavailableError)) {
          throw error
        }
        return failed(
          `sso unreachable at ${sso.baseUrl} (${deepestReason(error)})`,
          'Set SSO_BASE_URL to the address sso answers at, and check that sso is running'
        )
      }
      if (answer === 'api_key_refused') {
        return failed(
          `sso at ${sso.baseUrl} refused the apiKey ${sso.apiKey} (wrong SSO_API_KEY, or the app is disabled in sso)`,
          'Set SSO_API_KEY to the app’s apiKey (node ace sso:apps:list on sso), or enable the app there (node ace sso:apps:enable <apiKey>)'
        )
      }
      if (answer === 'redirect_uri_refused') {
        return failed(
          `sso at ${sso.baseUrl} accepts the apiKey but not the return address ${returnTo}`,
          `Add ${returnTo} to the app’s redirect URIs in sso (node ace sso:apps:update ${sso.apiKey} --redirect-uri=… with each of them), or set APP_URL to the app’s public address`
        )
      }
      return ok(`sso at ${sso.baseUrl} accepts apiKey ${sso.apiKey} and return address ${returnTo}`)
    },
  }
}
