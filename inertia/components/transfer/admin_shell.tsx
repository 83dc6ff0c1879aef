import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { Layout } from '~/components/shared/layout'
import { signOut, useCodeExchange } from '~/components/shared/use_sign_in'

export type AdminSection = 'uploads' | 'shares' | 'logs' | 'users' | 'settings' | 'email-templates'

const SECTIONS: { id: AdminSection; label: string; href: string; adminOnly: boolean }[] = [
  { id: 'uploads', label: 'Uploads', href: '/admin', adminOnly: false },
  { id: 'shares', label: 'Shares', href: '/admin/shares', adminOnly: false },
  { id: 'logs', label: 'Download logs', href: '/admin/logs', adminOnly: false },
  { id: 'users', label: 'Users', href: '/admin/users', adminOnly: false },
  { id: 'settings', label: 'Settings', href: '/admin/settings', adminOnly: false },
  {
    id: 'email-templates',
    label: 'Email templates',
    href: '/admin/email-templates',
    adminOnly: true,
  },
]

/**
 * The frame of every staff page: navigation, sign-out, and the auth-code
 * exchange when sso has just sent the person back with ?auth_code.
 */
export function AdminShell(props: {
  user: Data.Transfer.SessionUser | null
  section: AdminSection
  title: string
  children: ReactNode
}) {
  const { error, pending } = useCodeExchange(
    SECTIONS.find((section) => section.id === props.section)!.href
  )
  const { user } = props

  return (
    <Layout
      title={props.title}
      brand="Transfer"
      actions={
        user && (
          <span className="row" style={{ flex: 'none', alignItems: 'center' }}>
            <span className="muted small">
              {user.displayName} ({user.role})
            </span>
            <button type="button" className="secondary" onClick={signOut}>
              Sign out
            </button>
          </span>
        )
      }
    >
      {pending && <p className="muted">Signing you in…</p>}
      {error && (
        <section className="card">
          <p className="error" role="alert">
            {error}
          </p>
          <a className="button" href="/api/auth/login">
            Sign in again
          </a>
        </section>
      )}
      {user && (
        <>
          <nav className="tabs" aria-label="Staff area">
            {SECTIONS.filter((section) => !section.adminOnly || user.role === 'admin').map(
              (section) => (
                <Link
                  key={section.id}
                  href={section.href}
                  aria-current={section.id === props.section ? 'page' : undefined}
                >
                  {section.label}
                </Link>
              )
            )}
          </nav>
          <div className="tx-staff">{props.children}</div>
        </>
      )}
    </Layout>
  )
}
