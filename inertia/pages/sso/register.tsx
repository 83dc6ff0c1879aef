import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'
import { FieldError, Notices, useFieldErrors } from '~/components/sso/notices'

export default function Register(props: { throttled: string | null }) {
  const errorOf = useFieldErrors()
  return (
    <Layout title="Create an account" brand="Sign-in">
      <section className="card">
        <h1>Create an account</h1>
        <Notices throttled={props.throttled} />
        <form method="post" action="/register">
          <CsrfField />
          <label htmlFor="name">Name</label>
          <input id="name" name="name" autoComplete="name" maxLength={120} />
          <FieldError message={errorOf('name')} />
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required />
          <FieldError message={errorOf('email')} />
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
          />
          <p className="muted small">
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
