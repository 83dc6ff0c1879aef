import type { ReactNode } from 'react'
import type { Data } from '~generated/data'
import { AppShell } from '~/components/shared/ui/app_shell'
import { ButtonLink } from '~/components/shared/ui/button'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SkeletonText } from '~/components/shared/ui/skeleton'
import { signOut, useCodeExchange } from '~/components/shared/use_sign_in'
import { RemoteThemeBackdrop } from '~/components/transfer/theme_backdrop'

export type AdminSection =
  'uploads' | 'shares' | 'logs' | 'backup' | 'users' | 'settings' | 'email-templates' | 'appearance'

const SECTIONS: {
  id: AdminSection
  label: string
  href: string
  adminOnly: boolean
  exact?: boolean
}[] = [
  // Every other section's address starts with /admin: Uploads is current on /admin alone.
  { id: 'uploads', label: 'Uploads', href: '/admin', adminOnly: false, exact: true },
  { id: 'shares', label: 'Shares', href: '/admin/shares', adminOnly: false },
  { id: 'logs', label: 'Download logs', href: '/admin/logs', adminOnly: false },
  { id: 'backup', label: 'Backup', href: '/admin/backup', adminOnly: false },
  { id: 'users', label: 'Users', href: '/admin/users', adminOnly: false },
  { id: 'settings', label: 'Settings', href: '/admin/settings', adminOnly: false },
  {
    id: 'email-templates',
    label: 'Email templates',
    href: '/admin/email-templates',
    adminOnly: true,
  },
  { id: 'appearance', label: 'Appearance', href: '/admin/appearance', adminOnly: true },
]

/**
 * The frame of every staff page: the app's navigation, the signed-in person
 * with sign-out, the page's heading, and the auth-code exchange when sso has
 * just sent the person back with ?auth_code. Every staff page is wide, so the
 * content does not jump between sections.
 */
export function AdminShell(props: {
  user: Data.Transfer.SessionUser | null
  section: AdminSection
  title: string
  /** What the page is for, under its heading. */
  description?: ReactNode
  /** The page's main actions, beside its heading. */
  actions?: ReactNode
  children: ReactNode
}) {
  const { error, pending } = useCodeExchange(
    SECTIONS.find((section) => section.id === props.section)!.href
  )
  const { user } = props
  const nav = user
    ? SECTIONS.filter((section) => !section.adminOnly || user.role === 'admin').map((section) => ({
        href: section.href,
        label: section.label,
        exact: section.exact,
      }))
    : []

  return (
    <AppShell
      title={props.title}
      appName="Transfer"
      homeHref="/admin"
      width="wide"
      nav={nav}
      user={
        user
          ? { name: user.displayName, email: user.email, avatarUrl: user.avatar ?? null }
          : undefined
      }
      userMenu={[
        // The account lives at sso: /account sends the person there.
        { label: 'Your account', href: '/account' },
        'separator',
        { label: 'Sign out', onSelect: () => void signOut() },
      ]}
    >
      {(pending || error) && (
        // The staff sign-in landing wears the sign-in page's theme.
        <RemoteThemeBackdrop page="sign_in">
          {pending && (
            <div className="ui-panel">
              <SkeletonText label="Signing you in…" />
            </div>
          )}
          {error && (
            <div className="ui-panel ui-stack">
              <Notice tone="danger" role="alert">
                {error}
              </Notice>
              <div>
                <ButtonLink native href="/api/auth/login">
                  Sign in again
                </ButtonLink>
              </div>
            </div>
          )}
        </RemoteThemeBackdrop>
      )}
      {user && (
        <>
          <PageHeader title={props.title} description={props.description} actions={props.actions} />
          {props.children}
        </>
      )}
    </AppShell>
  )
}
