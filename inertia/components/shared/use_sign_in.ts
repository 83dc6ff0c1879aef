import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { api, ApiError } from './api'

/**
 * The exchange refuses a code that is used, expired or was handed out for a
 * sign-in another browser started (someone else's link, for instance).
 */
export const NOT_THIS_BROWSERS_SIGN_IN =
  'This sign-in has expired or was not started in this browser. Please sign in again.'

/**
 * Where a page that only signs people in sends them once they are: the
 * address (where the server would redirect the page's own) and the page's
 * module, fetched while the code is traded rather than after.
 */
export type SignedInLanding = { path: string; page: () => Promise<unknown> }

/**
 * The client half of the auth-code exchange (spec 1, section 5): read
 * ?auth_code, trade it for a session, then reload the page without the code
 * in the address bar (replacing the history entry, so Back cannot replay it),
 * or go straight to `landing`.
 */
export function useCodeExchange(pagePath: string, landing?: SignedInLanding) {
  const [code] = useState(() => new URL(window.location.href).searchParams.get('auth_code'))
  const [next] = useState(() => landing)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!code) {
      return
    }
    // A failed fetch here is retried by the visit, which needs the module anyway.
    next?.page().catch(() => {})
    api('POST', '/api/auth/exchange', { code })
      .then(() => router.visit(next?.path ?? pagePath, { replace: true }))
      .catch((failure: unknown) => {
        window.history.replaceState(window.history.state, '', pagePath)
        setError(
          failure instanceof ApiError && failure.status === 401
            ? NOT_THIS_BROWSERS_SIGN_IN
            : failure instanceof ApiError
              ? failure.message
              : 'Sign-in failed, please try again.'
        )
      })
  }, [code, next, pagePath])

  return { pending: code !== null && error === null, error }
}

/** Signs out locally, then lets sso end its own session and send us back. */
export async function signOut() {
  const { redirectUrl } = await api<{ redirectUrl: string }>('POST', '/api/auth/logout')
  window.location.assign(redirectUrl)
}
