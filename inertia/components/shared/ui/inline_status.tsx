import { ErrorIcon, RetryIcon, Spinner, SuccessIcon } from './icons'

export type InlineState = 'idle' | 'saving' | 'saved' | 'error'

/**
 * Save feedback right beside the control that changed: "Saving…", "Saved",
 * or what went wrong with a Retry button. Announced politely; says nothing
 * while idle.
 */
export function InlineStatus({
  state,
  errorText = 'Not saved',
  savedText = 'Saved',
  onRetry,
}: {
  state: InlineState
  errorText?: string
  savedText?: string
  onRetry?: () => void
}) {
  return (
    <span className={`ui-inline-status ui-inline-status-${state}`} role="status">
      {state === 'saving' && (
        <>
          <Spinner size={14} />
          <span>Saving…</span>
        </>
      )}
      {state === 'saved' && (
        <>
          <SuccessIcon size={16} />
          <span>{savedText}</span>
        </>
      )}
      {state === 'error' && (
        <>
          <ErrorIcon size={16} />
          <span>{errorText}</span>
          {onRetry && (
            <button type="button" className="ui-link-button" onClick={onRetry}>
              <RetryIcon size={14} />
              <span>Retry</span>
            </button>
          )}
        </>
      )}
    </span>
  )
}
