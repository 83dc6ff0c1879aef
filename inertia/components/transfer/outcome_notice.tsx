import { Notice } from '~/components/shared/ui/notice'

/** What a list's last action came to: done (news that may wait) or refused (read now). */
export type Outcome = { kind: 'error' | 'notice'; text: string }

/** A list's last outcome above it, or nothing. */
export function OutcomeNotice({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) {
    return null
  }
  return (
    <Notice
      tone={outcome.kind === 'error' ? 'danger' : 'success'}
      role={outcome.kind === 'error' ? 'alert' : 'status'}
    >
      {outcome.text}
    </Notice>
  )
}
