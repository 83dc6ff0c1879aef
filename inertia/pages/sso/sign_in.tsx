import { usePage } from '@inertiajs/react'
import { Layout } from '../../components/shared/layout'
import { CsrfField } from '../../components/shared/csrf_field'

export default function SignIn() {
  const { errors } = usePage<{ errors?: Record<string, string> }>().props
  const emailError = errors?.email

  return (
    <Layout title="Sign in" brand="Sign-in">
      <section className="card">
        <h1>Sign in</h1>
        <form method="post" action="/login">
          <CsrfField />
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="username" required autoFocus />
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          {emailError && (
            <p className="error" role="alert">
              {emailError}
            </p>
          )}
          <button type="submit">Sign in</button>
        </form>
      </section>
    </Layout>
  )
}
