import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'
import { FieldError, Notices, useFieldErrors } from '~/components/sso/notices'

export default function ForgotPassword(props: { throttled: string | null }) {
  const errorOf = useFieldErrors()
  return (
    <Layout title="Reset your password" brand="Sign-in">
      <section className="card">
        <h1>Reset your password</h1>
        <Notices throttled={props.throttled} />
        <p className="muted">We will email you a link to choose a new password.</p>
        <form method="post" action="/forgot-password">
          <CsrfField />
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required autoFocus />
          <FieldError message={errorOf('email')} />
          <button type="submit">Send the link</button>
        </form>
        <p className="links">
          <a href="/login">Back to sign-in</a>
        </p>
      </section>
    </Layout>
  )
}
