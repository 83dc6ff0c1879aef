import { useState, type FormEvent } from 'react'
import { fieldMessages } from '../field_messages'
import { FieldError } from '../notices'
import { ApiError } from '../../shared/http'
import { failureMessage, type EmbedCall } from './embed_api'

/**
 * The password form and a two-factor summary. Enrolling in two-factor needs
 * sso's own signed-in pages (QR code, recovery codes), so it opens there in a
 * new tab rather than inside someone else's page.
 */
export function SecuritySection(props: {
  twoFactorEnabled: boolean
  securityUrl: string
  call: EmbedCall
  onPasswordChanged: () => void
}) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    setErrors({})
    setStatus(null)
    if (form.get('newPassword') !== form.get('confirmPassword')) {
      setErrors({ confirmPassword: 'The two new passwords differ.' })
      return
    }
    setBusy(true)
    try {
      await props.call('POST', '/api/embed/password', {
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
      })
      target.reset()
      setStatus('Password changed. Your other sign-in sessions have ended.')
      props.onPasswordChanged()
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.status === 422
          ? fieldMessages(error)
          : { form: failureMessage(error) }
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <section className="embed-card" aria-label="Two-factor authentication">
        <h2>Two-factor authentication</h2>
        <p>
          {props.twoFactorEnabled
            ? 'On: signing in asks for a code from your authenticator app.'
            : 'Off: signing in needs only your password.'}
        </p>
        <a href={props.securityUrl} target="_blank" rel="noopener noreferrer">
          {props.twoFactorEnabled
            ? 'Manage two-factor authentication'
            : 'Turn on two-factor authentication'}
        </a>
      </section>
      <form className="embed-card" onSubmit={changePassword} aria-label="Change password">
        <h2>Change password</h2>
        <label htmlFor="embed-current-password">Current password</label>
        <input
          id="embed-current-password"
          name="currentPassword"
          type="password"
          required
          autoComplete="current-password"
        />
        <FieldError message={errors.currentPassword ?? null} />
        <label htmlFor="embed-new-password">New password</label>
        <input
          id="embed-new-password"
          name="newPassword"
          type="password"
          required
          autoComplete="new-password"
        />
        <FieldError message={errors.newPassword ?? null} />
        <label htmlFor="embed-confirm-password">New password again</label>
        <input
          id="embed-confirm-password"
          name="confirmPassword"
          type="password"
          required
          autoComplete="new-password"
        />
        <FieldError message={errors.confirmPassword ?? null} />
        <FieldError message={errors.form ?? null} />
        {status && (
          <p className="notice" role="status">
            {status}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Change password
        </button>
      </form>
    </>
  )
}
