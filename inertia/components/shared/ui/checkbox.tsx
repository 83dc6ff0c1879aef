import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { classNames } from './class_names'
import { AlertIcon } from './icons'

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** What ticking the box means, said from the person's side ("Show resolved"). */
  label: ReactNode
  /** A short line under the label: what follows from ticking it. */
  hint?: ReactNode
  /** Why the server refused the value; marks the box invalid. */
  error?: string | null
  ref?: Ref<HTMLInputElement>
}

/**
 * A labelled checkbox. It stays a native input (keyboard, forms and screen
 * readers for free); the whole row is the click target and is at least a
 * finger tall, and its hint and error describe the box.
 */
export function Checkbox({ label, hint, error, className, id, ...rest }: CheckboxProps) {
  const ownId = useId()
  const inputId = id ?? `${ownId}-box`
  const hintId = hint ? `${ownId}-hint` : null
  const errorId = error ? `${ownId}-error` : null
  const describedBy =
    [rest['aria-describedby'], errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={classNames('ui-checkbox', error && 'ui-field-invalid', className)}>
      <label className="ui-checkbox-row" htmlFor={inputId}>
        <input
          {...rest}
          id={inputId}
          type="checkbox"
          className="ui-checkbox-input"
          aria-describedby={describedBy}
          aria-invalid={error ? true : rest['aria-invalid']}
        />
        <span className="ui-checkbox-label">{label}</span>
      </label>
      {hint && (
        <p id={hintId!} className="ui-field-hint ui-checkbox-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId!} className="ui-field-error ui-checkbox-hint">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  )
}
