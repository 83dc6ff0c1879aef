import { InlineStatus } from '~/components/shared/ui/inline_status'
import type { SaveStatus } from '~/components/shared/use_auto_save'

const STATES = { idle: 'idle', saving: 'saving', saved: 'saved', failed: 'error' } as const

/**
 * How a field's saving stands, beside it, in the design system's words
 * (InlineStatus): "Saving…", "Saved", or the server's reason with Retry.
 * The wrapper carries `errorId`, so the field's aria-describedby reads the
 * reason with the field.
 */
export function SaveStatusBeside(props: {
  status: SaveStatus
  errorId?: string
  onRetry?: () => void
}) {
  const { status } = props
  return (
    <span id={props.errorId}>
      <InlineStatus
        state={STATES[status.state]}
        errorText={status.state === 'failed' ? status.message : undefined}
        onRetry={props.onRetry}
      />
    </span>
  )
}

/**
 * How several fields of one row stand together, beside the row: "Saving…",
 * "Saved" once none is left unsaved, or "Not saved" when one was refused
 * (its reason and Retry are beside that field).
 */
export function RowSaveStatus(props: { status: SaveStatus }) {
  return <InlineStatus state={STATES[props.status.state]} />
}
