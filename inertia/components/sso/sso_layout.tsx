import type { ReactNode } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'

/**
 * Where a signed-in person can go in sso; admins also see the dashboard.
 * Inertia visits: each page's data comes as props, without reloading the app.
 */
const LINKS = [
  { href: '/', label: 'Your apps' },
  { href: '/profile', label: 'Profile' },
  { href: '/security', label: 'Security' },
]
const ADMIN_LINKS = [
  { href: '/admin/people', label: 'People' },
  { href: '/admin/apps', label: 'Connected apps' },
  { href: '/admin/audit', label: 'Audit log' },
]

export function SsoLayout(props: { title: string; isAdmin: boolean; children: ReactNode }) {
  const path = usePage().url.split('?')[0]
  const links = props.isAdmin ? [...LINKS, ...ADMIN_LINKS] : LINKS
  return (
    <Layout
      title={props.title}
      brand="Sign-in"
      actions={
        <form method="post" action="/logout">
          <CsrfField />
          <button type="submit" className="secondary">
            Sign out
          </button>
        </form>
      }
    >
      <nav className="tabs" aria-label="Account">
        {links.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            aria-current={path === link.href ? 'page' : undefined}
          >
            {link.label}
          </Link>
        ))}
      </nav>
      {props.children}
    </Layout>
  )
}
