import { CsrfField } from '~/components/shared/csrf_field'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { Notice } from '~/components/shared/ui/notice'
import { AuthCard } from '~/components/sso/auth_card'
import { Notices, useFieldErrors } from '~/components/sso/notices'

type Props = {
  email: string
  providers: { id: string; label: string }[]
  appName: string | null
  unverifiedEmail: string | null
  throttled: string | null
}

export default function SignIn(props: Props) {
  const errorOf = useFieldErrors()
  // The server's refusal is about the pair (never which one was wrong), so it
  // stands above the form; the email typed stays in its field.
  const refused = errorOf('email')

  return (
    <AuthCard
      title="Sign in"
      description={props.appName ? `to continue to ${props.appName}` : undefined}
      footer={
        <>
          <ButtonLink native variant="ghost" href="/forgot-password">
            Forgot your password?
          </ButtonLink>
          <ButtonLink native variant="ghost" href="/register">
            Create an account
          </ButtonLink>
        </>
      }
    >
      <Notices throttled={props.throttled} />
      {refused && <Notice tone="danger">{refused}</Notice>}
      <form method="post" action="/login" className="ui-stack">
        <CsrfField />
        <Field label="Email">
          <TextInput
            name="email"
            required
            type="email"
            autoComplete="username"
            defaultValue={props.email}
            autoFocus={props.email === ''}
          />
        </Field>
        <Field label="Password">
          <PasswordInput
            name="password"
            required
            autoComplete="current-password"
            autoFocus={props.email !== ''}
          />
        </Field>
        <Button type="submit">Sign in</Button>
      </form>
      {props.unverifiedEmail && (
        <form method="post" action="/verify-email/resend">
          <CsrfField />
          <input type="hidden" name="email" value={props.unverifiedEmail} />
          <Button type="submit" variant="secondary">
            Send the confirmation link again
          </Button>
        </form>
      )}
      {props.providers.length > 0 && (
        <div className="ui-stack" role="group" aria-label="Other ways to sign in">
          <p className="ui-muted">or</p>
          {props.providers.map((provider) => (
            <ButtonLink
              key={provider.id}
              native
              variant="secondary"
              href={`/auth/${provider.id}/redirect`}
            >
              Sign in with {provider.label}
            </ButtonLink>
          ))}
        </div>
      )}
    </AuthCard>
  )
}
