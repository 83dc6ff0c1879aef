import { Layout } from '../../components/shared/layout'

const SIGN_IN_ERRORS: Record<string, string> = {
  no_access: 'Your account has no access to Transfer. Ask an administrator to add you.',
  missing_token: 'The sign-in service did not send a sign-in token. Please try again.',
  invalid_token: 'The sign-in could not be confirmed. Please try again.',
  server_error: 'Something went wrong while signing you in. Please try again.',
}

export default function Home(props: { signInError: string | null }) {
  return (
    <Layout title="" brand="Transfer" actions={<a href="/admin">Staff sign in</a>}>
      {props.signInError && (
        <section className="card">
          <p className="error" role="alert">
            {SIGN_IN_ERRORS[props.signInError] ?? 'Sign-in failed. Please try again.'}
          </p>
        </section>
      )}
      <section className="card">
        <h1>Send us your files</h1>
        <p className="muted">Public uploads open here soon.</p>
      </section>
    </Layout>
  )
}
