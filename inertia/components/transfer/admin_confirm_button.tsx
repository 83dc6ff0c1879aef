import { useRef, type ReactNode } from 'react'

/**
 * A button that asks first: a modal dialog says what will happen, and only
 * its confirm button runs the action. For anything destructive.
 */
export function AdminConfirmButton(props: {
  label: string
  title: string
  children: ReactNode
  confirmLabel: string
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
        className={props.compact ? 'danger tx-inline' : 'danger'}
        disabled={props.disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {props.label}
      </button>
      <dialog ref={dialog} className="tx-dialog" aria-label={props.title}>
        <h2>{props.title}</h2>
        <div>{props.children}</div>
        <div className="tx-actions">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
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
