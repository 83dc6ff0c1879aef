import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'
import { FieldError, Notices, useFieldErrors } from '~/components/sso/notices'

export default function ResetPassword(props: { token: string }) {
  const errorOf = useFieldErrors()
  return (
    <Layout title="Choose a new password" brand="Sign-in">
      <section className="card">
        <h1>Choose a new password</h1>
        <Notices />
        <form method="post" action={`/reset-password/${encodeURIComponent(props.token)}`}>
          <CsrfField />
          <label htmlFor="password">New password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            autoFocus
          />
          <FieldError message={errorOf('password')} />
          <button type="submit">Save the new password</button>
        </form>
      </section>
    </Layout>
  )
}
