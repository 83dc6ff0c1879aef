import type { SessionUser } from '~/components/schedule/schedule_shell'
import { AppShell } from '~/components/shared/ui/app_shell'
import { ButtonLink } from '~/components/shared/ui/button'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SkeletonText } from '~/components/shared/ui/skeleton'
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

/**
 * Schedule's start page, shown only with a sign-in code or a sign-in error
 * in the address (otherwise "/" is the calendar or the sign-in at sso): one
 * narrow card under the product's name, like sso's sign-in pages.
 */
export default function Home({
  user,
  signInError,
}: {
  user: SessionUser | null
  signInError: string | null
}) {
  // Signed in, "/" is the calendar: go there at once, its code loading during the exchange.
  const { error, pending } = useCodeExchange('/', {
    path: '/calendar',
    page: () => import('~/pages/schedule/calendar'),
  })
  const failure = error ?? (signInError && (SIGN_IN_ERRORS[signInError] ?? 'Sign-in failed.'))

  let heading = 'Sign in to Schedule'
  let body = <p className="ui-muted">Schedule plans your projects and who works on them.</p>
  if (user) {
    heading = `Welcome, ${user.displayName}`
    body = (
      <>
        <p className="ui-muted">
          Signed in as {user.email} ({user.role})
        </p>
        <ButtonLink href="/calendar">Open the calendar</ButtonLink>
      </>
    )
  } else if (pending) {
    heading = 'Signing you in…'
    body = <SkeletonText lines={2} label="Signing you in…" />
  } else if (failure) {
    heading = 'Sign-in did not work'
    body = (
      <>
        <Notice tone="danger" role="alert">
          {failure}
        </Notice>
        <ButtonLink native href="/login">
          Sign in again
        </ButtonLink>
      </>
    )
  }

  return (
    <AppShell
      title={user ? 'Welcome' : 'Sign in'}
      appName="Schedule"
      homeHref="/"
      width="narrow"
      user={
        user ? { name: user.displayName, email: user.email, avatarUrl: user.avatarUrl } : undefined
      }
      userMenu={[{ label: 'Sign out', onSelect: () => void signOut() }]}
    >
      <section className="ui-panel">
        <PageHeader title={heading} />
        <div className="ui-stack">{body}</div>
      </section>
    </AppShell>
  )
}
