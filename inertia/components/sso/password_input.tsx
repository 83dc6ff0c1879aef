import { useState, type InputHTMLAttributes } from 'react'
import { VisuallyHidden } from 'radix-ui'
import '~/components/sso/account.css'

/**
 * A password field with a button that shows what was typed, for people
 * typing on a phone or checking a long passphrase. The button's name ("Show
 * password") is its own text, part of it for screen readers only, so the
 * field keeps "Password" as its one label.
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="password-field">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="secondary password-toggle"
        aria-controls={props.id}
        onClick={() => setVisible(!visible)}
      >
        {visible ? 'Hide' : 'Show'}
        <VisuallyHidden.Root> password</VisuallyHidden.Root>
      </button>
    </div>
  )
}
