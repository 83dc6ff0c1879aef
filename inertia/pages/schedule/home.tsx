import { Link } from '@inertiajs/react'
import { Layout } from '~/components/shared/layout'
import type { SessionUser } from '~/components/schedule/schedule_shell'
import {
  NOT_THIS_BROWSERS_SIGN_IN,
  signOut,
  useCodeExchange,
} from '~/components/shared/use_sign_in'

const SIGN_IN_ERRORS: Record<string, string> = {
  access_denied: 'Your account has no access to Schedule. Ask an administrator to add you.',
  missing_token: 'The sign-in service did not send a sign-in token. Please try again.',
  invalid_token: 'The sign-in could not be confirmed. Please try again.',
  invalid_state: NOT_THIS_BROWSERS_SIGN_IN,
  server_error: 'Something went wrong while signing you in. Please try again.',
}

export default function Home({
  user,
  signInError,
}: {
  user: SessionUser | null
  signInError: string | null
}) {
  const { error, pending } = useCodeExchange('/')
  const failure = error ?? (signInError && (SIGN_IN_ERRORS[signInError] ?? 'Sign-in failed.'))

  return (
    <Layout
      title=""
      brand="Schedule"
      actions={
        user && (
          <button type="button" className="secondary" onClick={signOut}>
            Sign out
          </button>
        )
      }
    >
      {pending && <p className="muted">Signing you in…</p>}
      {failure && !user && (
        <section className="card">
          <p className="error" role="alert">
            {failure}
          </p>
          <a className="button" href="/login">
            Sign in
          </a>
        </section>
      )}
      {/* Only with a code or an error in the address: signed in, "/" is the calendar. */}
      {user && (
        <section className="card">
          <h1>Welcome, {user.displayName}</h1>
          <p className="muted">
            Signed in as {user.email} ({user.role})
          </p>
          <Link className="button" href="/calendar">
            Open the calendar
          </Link>
        </section>
      )}
    </Layout>
  )
}
