import { useRef, type ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import { CsrfField } from '~/components/shared/csrf_field'
import { AppShell, type ContentWidth, type NavItem } from '~/components/shared/ui/app_shell'
import { SignOutIcon, UserIcon } from '~/components/shared/ui/icons'

/** The signed-in person, shared by sso's auth middleware with every page behind it. */
export type SsoViewer = { name: string; email: string; isAdmin: boolean }

/**
 * Where a signed-in person can go in sso; admins also see the admin pages.
 * Inertia visits: each page's data comes as props, without reloading the app.
 */
const NAV: NavItem[] = [
  { href: '/', label: 'Your apps' },
  { href: '/profile', label: 'Profile' },
  { href: '/security', label: 'Security' },
]
const ADMIN_NAV: NavItem[] = [
  { href: '/admin/people', label: 'People' },
  { href: '/admin/apps', label: 'Connected apps' },
  { href: '/admin/audit', label: 'Audit log' },
]

/**
 * The frame of sso's signed-in pages: the product's name, sso's nav, and the
 * person's menu (profile, security, sign out). Signing out is a real form
 * post (with the CSRF token), so it works the way it always did: the
 * session ends and the browser lands on the sign-in page.
 */
export function SsoShell(props: { title: string; width?: ContentWidth; children: ReactNode }) {
  const viewer = usePage<{ viewer: SsoViewer }>().props.viewer
  const signOut = useRef<HTMLFormElement>(null)
  return (
    <AppShell
      title={props.title}
      appName="Account"
      width={props.width ?? 'regular'}
      nav={viewer.isAdmin ? [...NAV, ...ADMIN_NAV] : NAV}
      user={{ name: viewer.name, email: viewer.email }}
      userMenu={[
        { label: 'Profile', href: '/profile', icon: <UserIcon size={16} /> },
        { label: 'Security', href: '/security' },
        'separator',
        {
          label: 'Sign out',
          icon: <SignOutIcon size={16} />,
          onSelect: () => signOut.current?.requestSubmit(),
        },
      ]}
    >
      <form ref={signOut} method="post" action="/logout" hidden>
        <CsrfField />
      </form>
      {props.children}
    </AppShell>
  )
}
