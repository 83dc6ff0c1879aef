import { useState } from 'react'
import { classNames } from './class_names'
import { TextInput, type TextInputProps } from './field'
import { EyeIcon, EyeOffIcon } from './icons'

/**
 * A password control with a show/hide toggle. The toggle is a real button
 * with a name that says what it will do, and it says whether the password is
 * shown (aria-pressed), so a screen reader user knows the state. Its name is
 * hidden text rather than aria-label, so finding the field by its label
 * ("Password") finds the field alone.
 */
export function PasswordInput({
  className,
  shown: controlledShown,
  onShownChange,
  ...rest
}: Omit<TextInputProps, 'type'> & {
  /**
   * Controlled use, where the page reveals the password itself (a password
   * it just generated for the person to pass on).
   */
  shown?: boolean
  onShownChange?: (shown: boolean) => void
}) {
  const [ownShown, setOwnShown] = useState(false)
  const shown = controlledShown ?? ownShown
  function setShown(next: boolean) {
    setOwnShown(next)
    onShownChange?.(next)
  }
  return (
    <div className={classNames('ui-input-group', className)}>
      <TextInput
        autoComplete="current-password"
        spellCheck={false}
        autoCapitalize="off"
        {...rest}
        type={shown ? 'text' : 'password'}
      />
      <button
        type="button"
        className="ui-input-addon-button"
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeOffIcon /> : <EyeIcon />}
        <span className="ui-visually-hidden">Show password</span>
      </button>
    </div>
  )
}
