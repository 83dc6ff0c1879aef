import { Layout } from '~/components/shared/layout'

export default function AuthorizeError(props: { message: string }) {
  return (
    <Layout title="Sign-in request refused" brand="Sign-in">
      <section className="card">
        <h1>This sign-in request cannot continue</h1>
        <p className="error" role="alert">
          {props.message}
        </p>
        <p className="muted">
          Go back to the application you came from and try again. If this keeps happening, its
          administrator must check how it is registered.
        </p>
      </section>
    </Layout>
  )
}
