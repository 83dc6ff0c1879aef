import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp'
import { classNames } from './class_names'
import { fieldControlProps, useFieldControl } from './field'

export type OneTimeCodeInputProps = {
  'value': string
  'onChange': (value: string) => void
  /** Called once every digit is there: submit the form. */
  'onComplete'?: (value: string) => void
  'length'?: number
  'name'?: string
  'id'?: string
  'disabled'?: boolean
  'autoFocus'?: boolean
  'aria-label'?: string
}

/**
 * The 6-digit code of an authenticator app or a message: one real input
 * (input-otp) drawn as boxes, so pasting the whole code, the phone's
 * "from Messages" suggestion (autocomplete one-time-code) and password
 * managers all work, and a screen reader meets one text field.
 */
export function OneTimeCodeInput({
  value,
  onChange,
  onComplete,
  length = 6,
  name,
  id,
  disabled,
  autoFocus,
  ...aria
}: OneTimeCodeInputProps) {
  const field = useFieldControl()
  return (
    <OTPInput
      maxLength={length}
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      pattern={REGEXP_ONLY_DIGITS}
      // "123 456" or "123-456" from a message pastes as its digits.
      pasteTransformer={(pasted) => pasted.replace(/\D/g, '')}
      inputMode="numeric"
      autoComplete="one-time-code"
      name={name}
      disabled={disabled}
      autoFocus={autoFocus}
      containerClassName="ui-otp"
      {...fieldControlProps(field, { id })}
      aria-label={aria['aria-label']}
      render={({ slots }) => (
        <div className="ui-otp-slots" aria-hidden="true">
          {slots.map((slot, index) => (
            <Slot key={index} {...slot} />
          ))}
        </div>
      )}
    />
  )
}

function Slot({ char, isActive, hasFakeCaret }: SlotProps) {
  return (
    <div className={classNames('ui-otp-slot', isActive && 'is-active')}>
      {char}
      {hasFakeCaret && <div className="ui-otp-caret" />}
    </div>
  )
}
