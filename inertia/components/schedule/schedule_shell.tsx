import type { ReactNode } from 'react'
import { Head, Link, usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { signOut } from '~/components/shared/use_sign_in'
import { ToastProvider } from '~/components/shared/toasts'

/** The signed-in person, the `user` prop of every signed-in page. */
export type SessionUser = Data.Schedule.SessionUser

const NAV = [
  { href: '/calendar', label: 'Calendar' },
  { href: '/conflicts', label: 'Conflicts' },
  { href: '/directory', label: 'Directory' },
  { href: '/settings', label: 'Lists' },
  { href: '/trash', label: 'Trash' },
]

/** The frame of every signed-in page: navigation, the person, sign-out and the toasts. */
export function ScheduleShell(props: {
  user: SessionUser
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  // The page's own address (no query), known on the server render too.
  const path = usePage().url.split('?')[0]
  const nav = props.user.role === 'admin' ? [...NAV, { href: '/admin', label: 'Admin' }] : NAV
  return (
    <ToastProvider>
      <Head title={props.title} />
      <div className="sc-shell">
        <header className="sc-topbar">
          <Link className="brand" href="/calendar">
            Schedule
          </Link>
          <nav className="sc-nav" aria-label="Main">
            {nav.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                aria-current={path.startsWith(item.href) ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="sc-user">
            <span className="muted small">{props.user.displayName}</span>
            <button type="button" className="secondary" onClick={signOut}>
              Sign out
            </button>
          </div>
        </header>
        {props.actions && <div className="sc-page-actions">{props.actions}</div>}
        <main className="sc-main">{props.children}</main>
      </div>
    </ToastProvider>
  )
}
