import { Layout } from '../../components/shared/layout'
import { CsrfField } from '../../components/shared/csrf_field'

interface Identity {
  email: string
  name: string
}

export default function Account(props: { user: Identity }) {
  return (
    <Layout
      title="Your account"
      brand="Sign-in"
      actions={
        <form method="post" action="/logout">
          <CsrfField />
          <button type="submit" className="secondary">
            Sign out
          </button>
        </form>
      }
    >
      <section className="card">
        <h1>Signed in as {props.user.name}</h1>
        <p className="muted">{props.user.email}</p>
      </section>
    </Layout>
  )
}
