import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'
import { FieldError, Notices, useFieldErrors } from '~/components/sso/notices'
import { PasswordInput } from '~/components/sso/password_input'

type RegisterProps = {
  /** What the person typed before the server refused it; never the password. */
  kept: { name: string; email: string }
  throttled: string | null
}

export default function Register(props: RegisterProps) {
  const errorOf = useFieldErrors()
  return (
    <Layout title="Create an account" brand="Sign-in">
      <section className="card">
        <h1>Create an account</h1>
        <Notices throttled={props.throttled} />
        <form method="post" action="/register">
          <CsrfField />
          <label htmlFor="name">Name</label>
          <input
            id="name"
            name="name"
            autoComplete="name"
            maxLength={120}
            defaultValue={props.kept.name}
          />
          <FieldError message={errorOf('name')} />
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={props.kept.email}
          />
          <FieldError message={errorOf('email')} />
          <label htmlFor="password">Password</label>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            minLength={8}
            required
            aria-describedby="password-hint"
            autoFocus={props.kept.email !== ''}
          />
          <p id="password-hint" className="muted small">
            At least 8 characters. A passphrase of a few words works well.
          </p>
          <FieldError message={errorOf('password')} />
          <button type="submit">Create account</button>
        </form>
        <p className="links">
          <a href="/login">I already have an account</a>
        </p>
      </section>
    </Layout>
  )
}
