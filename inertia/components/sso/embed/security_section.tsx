import type { FormEvent } from 'react'
import { Badge } from '~/components/shared/ui/badge'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Field } from '~/components/shared/ui/field'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { ActionStatus, useAction } from '~/components/sso/use_action'
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
    <div className="ui-stack">
      <section className="ui-panel" aria-labelledby="embed-two-factor-heading">
        <h2 id="embed-two-factor-heading">Two-factor authentication</h2>
        <p className="ui-cluster">
          <Badge tone={props.twoFactorEnabled ? 'success' : 'neutral'}>
            {props.twoFactorEnabled ? 'On' : 'Off'}
          </Badge>
          <span>
            {props.twoFactorEnabled
              ? 'On: signing in asks for a code from your authenticator app.'
              : 'Off: signing in needs only your password.'}
          </span>
        </p>
        <ButtonLink
          native
          variant="secondary"
          href={props.securityUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {props.twoFactorEnabled
            ? 'Manage two-factor authentication'
            : 'Turn on two-factor authentication'}
        </ButtonLink>
      </section>
      <form
        className="ui-panel ui-stack"
        onSubmit={changePassword}
        aria-labelledby="embed-password-heading"
      >
        <h2 id="embed-password-heading">Change password</h2>
        <Field label="Current password" error={errors.currentPassword}>
          <PasswordInput name="currentPassword" required autoComplete="current-password" />
        </Field>
        <Field label="New password" error={errors.newPassword}>
          <PasswordInput name="newPassword" required autoComplete="new-password" />
        </Field>
        <Field label="New password again" error={errors.confirmPassword}>
          <PasswordInput name="confirmPassword" required autoComplete="new-password" />
        </Field>
        <div className="ui-cluster">
          <Button type="submit" loading={busy}>
            Change password
          </Button>
          <ActionStatus busy={busy} status={status} errors={errors} />
        </div>
      </form>
    </div>
  )
}
