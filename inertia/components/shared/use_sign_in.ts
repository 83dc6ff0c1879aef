import { useEffect, useState } from 'react'
import { api, ApiError, takeQueryParam } from './http'

/**
 * The client half of the auth-code exchange (spec 1, section 5): read
 * ?auth_code, remove it from the address bar, and trade it for a session.
 */
export function useSignIn<User>(initialUser: User | null, toUser: (body: never) => User) {
  const [user, setUser] = useState<User | null>(initialUser)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  useEffect(() => {
    const code = takeQueryParam('auth_code')
    if (!code || initialUser) {
      return
    }
    setPending(true)
    api<never>('POST', '/api/auth/exchange', { code })
      .then((body) => setUser(toUser(body)))
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : 'Sign-in failed, please try again.')
      )
      .finally(() => setPending(false))
  }, [])

  return { user, error, pending }
}

/** Signs out locally, then lets sso end its own session and send us back. */
export async function signOut() {
  const { redirectUrl } = await api<{ redirectUrl: string }>('POST', '/api/auth/logout')
  window.location.assign(redirectUrl)
}
