import {
  createContext,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react'
import { classNames } from './class_names'
import { AlertIcon } from './icons'

/** What a control inside a Field needs to be labelled and described. */
export type FieldControl = {
  id: string
  labelId: string
  describedBy: string | undefined
  invalid: boolean
  required: boolean
}

const FieldContext = createContext<FieldControl | null>(null)

/**
 * The Field around this control, if any. Controls use it for their id and
 * aria wiring, so a page never writes htmlFor or aria-describedby itself.
 */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext)
}

/** The aria attributes of a native control inside a Field (its own props win). */
export function fieldControlProps(
  field: FieldControl | null,
  own: {
    'id'?: string
    'aria-describedby'?: string
    'aria-invalid'?: unknown
    'required'?: boolean
  }
) {
  return {
    'id': own.id ?? field?.id,
    'aria-describedby': own['aria-describedby'] ?? field?.describedBy,
    'aria-invalid': (own['aria-invalid'] as boolean | undefined) ?? (field?.invalid || undefined),
    'required': own.required ?? (field?.required || undefined),
  }
}

export type FieldProps = {
  label: ReactNode
  /** A short help text under the label: what to type, why it is asked. */
  hint?: ReactNode
  /** What is wrong with the value; marks the control invalid. */
  error?: string | null
  required?: boolean
  /** Hide the label visually (it is still the control's name): search boxes. */
  hideLabel?: boolean
  className?: string
  children: ReactNode
}

/** A label, an optional hint and error, and the control they describe. */
export function Field({
  label,
  hint,
  error,
  required = false,
  hideLabel,
  className,
  children,
}: FieldProps) {
  const id = useId()
  const controlId = `${id}-control`
  const hintId = hint ? `${id}-hint` : null
  const errorId = error ? `${id}-error` : null
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  const control: FieldControl = {
    id: controlId,
    labelId: `${id}-label`,
    describedBy,
    invalid: Boolean(error),
    required,
  }
  return (
    <div className={classNames('ui-field', error && 'ui-field-invalid', className)}>
      <label
        id={control.labelId}
        htmlFor={controlId}
        className={classNames('ui-label', hideLabel && 'ui-visually-hidden')}
      >
        {label}
        {required && (
          <span className="ui-label-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId!} className="ui-field-hint">
          {hint}
        </p>
      )}
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {error && (
        <p id={errorId!} className="ui-field-error">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  )
}

export type TextInputProps = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>
}

/** A one-line text control; inside a Field it is labelled and described by it. */
export function TextInput({ className, ...rest }: TextInputProps) {
  const field = useFieldControl()
  return (
    <input
      type="text"
      className={classNames('ui-input', className)}
      {...rest}
      {...fieldControlProps(field, rest)}
    />
  )
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  ref?: Ref<HTMLTextAreaElement>
}

export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  const field = useFieldControl()
  return (
    <textarea
      rows={rows}
      className={classNames('ui-input', 'ui-textarea', className)}
      {...rest}
      {...fieldControlProps(field, rest)}
    />
  )
}
