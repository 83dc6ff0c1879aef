import type { ReactNode } from 'react'
import { AlertIcon, ErrorIcon, InfoIcon, SuccessIcon } from './icons'

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger'

const ICONS: Record<NoticeTone, ReactNode> = {
  info: <InfoIcon size={18} />,
  success: <SuccessIcon size={18} />,
  warning: <AlertIcon size={18} />,
  danger: <ErrorIcon size={18} />,
}

/**
 * A message that belongs to the page rather than to one control: a sign-in
 * that failed, a step that is done ("Email confirmed"), what a page cannot
 * do yet. The icon repeats the tone; the words carry the meaning. A danger
 * is announced at once (role "alert"), anything else politely ("status");
 * `role` overrides that. Feedback on one control stays beside it (Field's
 * error, InlineStatus).
 */
export function Notice({
  tone = 'info',
  role,
  title,
  children,
}: {
  tone?: NoticeTone
  role?: 'alert' | 'status'
  title?: ReactNode
  children: ReactNode
}) {
  return (
    <div
      className={`ui-notice ui-notice-${tone}`}
      role={role ?? (tone === 'danger' ? 'alert' : 'status')}
    >
      <span className="ui-notice-icon">{ICONS[tone]}</span>
      <div className="ui-notice-text">
        {title && <p className="ui-notice-title">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  )
}
