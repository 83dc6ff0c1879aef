import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { signOut } from '~/components/shared/use_sign_in'
import { ToastProvider } from '~/components/shared/toasts'
import type { SessionUser } from './types'

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
  const path = typeof window === 'undefined' ? '' : window.location.pathname
  const nav = props.user.role === 'admin' ? [...NAV, { href: '/admin', label: 'Admin' }] : NAV
  return (
    <ToastProvider>
      <Head title={props.title} />
      <div className="sc-shell">
        <header className="sc-topbar">
          <a className="brand" href="/calendar">
            Schedule
          </a>
          <nav className="sc-nav" aria-label="Main">
            {nav.map((item) => (
              <a
                key={item.href}
                href={item.href}
                aria-current={path.startsWith(item.href) ? 'page' : undefined}
              >
                {item.label}
              </a>
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
