import type { FormEvent } from 'react'
import { useAction } from '~/components/sso/use_action'
import { FieldError } from '~/components/sso/notices'
import { widgetErrors, type EmbedCall } from './embed_api'

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
  const { errors, status, busy, run, reject } = useAction(widgetErrors)

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    if (form.get('newPassword') !== form.get('confirmPassword')) {
      return reject({ confirmPassword: 'The two new passwords differ.' })
    }
    return run(async () => {
      await props.call('POST', '/api/embed/password', {
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
      })
      target.reset()
      props.onPasswordChanged()
      return 'Password changed. Your other sign-in sessions have ended.'
    })
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
