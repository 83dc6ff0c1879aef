import { useState, type ReactNode } from 'react'
import type { Data } from '~generated/data'
import { AppShell, type ContentWidth, type NavItem } from '~/components/shared/ui/app_shell'
import { signOut } from '~/components/shared/use_sign_in'
import { FeedbackDialog } from '~/components/schedule/feedback/feedback_dialog'

/** The signed-in person, the `user` prop of every signed-in page. */
export type SessionUser = Data.Schedule.SessionUser

const NAV: NavItem[] = [
  { href: '/calendar', label: 'Calendar' },
  { href: '/conflicts', label: 'Conflicts' },
  { href: '/directory', label: 'Directory' },
  { href: '/messages', label: 'Messages' },
  { href: '/settings', label: 'Lists' },
  { href: '/trash', label: 'Trash' },
]

/**
 * The frame of every signed-in page: the product's AppShell with schedule's
 * navigation (Admin and Feedback for admins), the person's menu (their
 * account at sso, feedback to the admins, sign out) and the kit's toasts.
 */
export function ScheduleShell(props: {
  user: SessionUser
  title: string
  /** wide (tables, calendars) unless the page is a form. */
  width?: ContentWidth
  children: ReactNode
}) {
  const [feedbackOpen, setFeedbackOpen] = useState(false)
  const nav =
    props.user.role === 'admin'
      ? [
          ...NAV,
          // Admin only on /admin itself: Feedback is a page of its own.
          { href: '/admin', label: 'Admin', exact: true },
          { href: '/admin/feedback', label: 'Feedback' },
        ]
      : NAV
  return (
    <AppShell
      title={props.title}
      appName="Schedule"
      homeHref="/calendar"
      nav={nav}
      user={{
        name: props.user.displayName,
        email: props.user.email,
        avatarUrl: props.user.avatarUrl,
      }}
      userMenu={[
        // The account lives at sso: /account sends the person there.
        { label: 'Your account', href: '/account' },
        { label: 'Send feedback…', onSelect: () => setFeedbackOpen(true) },
        'separator',
        { label: 'Sign out', onSelect: () => void signOut() },
      ]}
      width={props.width ?? 'wide'}
    >
      <div className="sc-main">{props.children}</div>
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </AppShell>
  )
}
