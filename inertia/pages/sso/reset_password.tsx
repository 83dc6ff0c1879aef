import { CsrfField } from '~/components/shared/csrf_field'
import { Button } from '~/components/shared/ui/button'
import { Field } from '~/components/shared/ui/field'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { AuthCard } from '~/components/sso/auth_card'
import { Notices, useFieldErrors } from '~/components/sso/notices'

export default function ResetPassword(props: { token: string }) {
  const errorOf = useFieldErrors()
  return (
    <AuthCard title="Choose a new password">
      <Notices />
      <form
        method="post"
        action={`/reset-password/${encodeURIComponent(props.token)}`}
        className="ui-stack"
      >
        <CsrfField />
        <Field
          label="New password"
          hint="At least 8 characters. A passphrase of a few words works well."
          error={errorOf('password')}
        >
          <PasswordInput
            name="password"
            required
            autoComplete="new-password"
            minLength={8}
            autoFocus
          />
        </Field>
        <Button type="submit">Save the new password</Button>
      </form>
    </AuthCard>
  )
}
