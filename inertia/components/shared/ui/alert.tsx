import type { ReactNode } from 'react'
import { AlertIcon, ErrorIcon, InfoIcon, SuccessIcon } from './icons'

export type AlertTone = 'info' | 'success' | 'warning' | 'danger'

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: AlertIcon, danger: ErrorIcon }

/**
 * A message that belongs to the page rather than to one control: what a
 * full page load came back with ("We sent a link…", "Too many attempts").
 * Dangers are announced at once (role alert), the rest politely (status).
 * Feedback on one control stays beside it (Field's error, InlineStatus).
 */
export function Alert({ tone = 'info', children }: { tone?: AlertTone; children: ReactNode }) {
  const Icon = ICONS[tone]
  return (
    <div className={`ui-alert ui-alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon size={18} />
      <div className="ui-alert-text">{children}</div>
    </div>
  )
}
