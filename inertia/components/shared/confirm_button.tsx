import { useRef, type ReactNode } from 'react'

/**
 * A button that asks first: a modal dialog says what will happen, and only
 * its confirm button runs the action. For anything destructive or disruptive.
 */
export function ConfirmButton(props: {
  label: string
  title: string
  children: ReactNode
  confirmLabel: string
  danger?: boolean
  disabled?: boolean
  /** The small size of buttons in table rows. */
  compact?: boolean
  onConfirm: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  return (
    <>
      <button
        type="button"
        className={[props.danger ? 'danger' : 'secondary', props.compact ? 'compact' : '']
          .filter(Boolean)
          .join(' ')}
        disabled={props.disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {props.label}
      </button>
      <dialog ref={dialog} className="confirm" aria-label={props.title}>
        <h2>{props.title}</h2>
        <div>{props.children}</div>
        <div className="buttons">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className={props.danger ? 'danger' : undefined}
            onClick={() => {
              dialog.current?.close()
              props.onConfirm()
            }}
          >
            {props.confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  )
}
