import { Layout } from '~/components/shared/layout'
import { CsrfField } from '~/components/shared/csrf_field'
import { FieldError, Notices, useFieldErrors } from '~/components/sso/notices'
import { PasswordInput } from '~/components/sso/password_input'

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
          <PasswordInput
            id="password"
            name="password"
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
