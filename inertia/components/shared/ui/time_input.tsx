import { classNames } from './class_names'
import { fieldControlProps, useFieldControl } from './field'

export type TimeInputProps = {
  /** 'HH:MM', 24-hour; '' for none. */
  'value': string
  'onChange': (value: string) => void
  'name'?: string
  'id'?: string
  'min'?: string
  'max'?: string
  /** Minutes between suggested values (the keyboard steps by it too). */
  'stepMinutes'?: number
  'disabled'?: boolean
  'className'?: string
  'aria-label'?: string
  /** A field that saves itself saves when it is left. */
  'onBlur'?: () => void
  /** Outside a Field: the reason a save was refused, and whether it was. */
  'aria-describedby'?: string
  'aria-invalid'?: boolean
}

/**
 * A time of day. The browser's own time field: it shows the person's 12- or
 * 24-hour clock, takes typing and arrows, and on phones opens the system
 * picker. Seconds are never asked for.
 */
export function TimeInput({
  value,
  onChange,
  stepMinutes = 1,
  className,
  id,
  ...rest
}: TimeInputProps) {
  const field = useFieldControl()
  return (
    <input
      type="time"
      className={classNames('ui-input', 'ui-time-input', className)}
      value={value}
      step={stepMinutes * 60}
      onChange={(event) => onChange(event.target.value)}
      {...rest}
      {...fieldControlProps(field, {
        id,
        'aria-describedby': rest['aria-describedby'],
        'aria-invalid': rest['aria-invalid'],
      })}
    />
  )
}
