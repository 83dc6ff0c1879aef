import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'
import { FieldError, Notices, useFieldErrors } from '~/components/sso/notices'
import { PasswordInput } from '~/components/sso/password_input'

type Props = {
  email: string
  providers: { id: string; label: string }[]
  appName: string | null
  unverifiedEmail: string | null
  throttled: string | null
}

export default function SignIn(props: Props) {
  const errorOf = useFieldErrors()

  return (
    <Layout title="Sign in" brand="Sign-in">
      <section className="card">
        <h1>Sign in</h1>
        {props.appName && <p className="muted">to continue to {props.appName}</p>}
        <Notices throttled={props.throttled} />
        <form method="post" action="/login">
          <CsrfField />
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={props.email}
            autoFocus={props.email === ''}
          />
          <label htmlFor="password">Password</label>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="current-password"
            required
            autoFocus={props.email !== ''}
          />
          <FieldError message={errorOf('email')} />
          <button type="submit">Sign in</button>
        </form>
        {props.unverifiedEmail && (
          <form method="post" action="/verify-email/resend">
            <CsrfField />
            <input type="hidden" name="email" value={props.unverifiedEmail} />
            <button type="submit" className="secondary">
              Send the confirmation link again
            </button>
          </form>
        )}
        {props.providers.length > 0 && (
          <div className="providers">
            <p className="muted">or</p>
            {props.providers.map((provider) => (
              <a
                key={provider.id}
                className="button secondary"
                href={`/auth/${provider.id}/redirect`}
              >
                Sign in with {provider.label}
              </a>
            ))}
          </div>
        )}
        <p className="links">
          <a href="/forgot-password">Forgot your password?</a>
          <a href="/register">Create an account</a>
        </p>
      </section>
    </Layout>
  )
}
