import { CsrfField } from '~/components/shared/csrf_field'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { AuthCard } from '~/components/sso/auth_card'
import { Notices, useFieldErrors } from '~/components/sso/notices'

type RegisterProps = {
  /** What the person typed before the server refused it; never the password. */
  kept: { name: string; email: string }
  throttled: string | null
}

export default function Register(props: RegisterProps) {
  const errorOf = useFieldErrors()
  return (
    <AuthCard
      title="Create an account"
      footer={
        <ButtonLink native variant="ghost" href="/login">
          I already have an account
        </ButtonLink>
      }
    >
      <Notices throttled={props.throttled} />
      <form method="post" action="/register" className="ui-stack">
        <CsrfField />
        <Field label="Name" error={errorOf('name')}>
          <TextInput
            name="name"
            autoComplete="name"
            maxLength={120}
            defaultValue={props.kept.name}
          />
        </Field>
        <Field label="Email" error={errorOf('email')}>
          <TextInput
            name="email"
            required
            type="email"
            autoComplete="email"
            defaultValue={props.kept.email}
          />
        </Field>
        <Field
          label="Password"
          hint="At least 8 characters. A passphrase of a few words works well."
          error={errorOf('password')}
        >
          <PasswordInput
            name="password"
            required
            autoComplete="new-password"
            minLength={8}
            autoFocus={props.kept.email !== ''}
          />
        </Field>
        <Button type="submit">Create account</Button>
      </form>
    </AuthCard>
  )
}
