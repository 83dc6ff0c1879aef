import { Layout } from '../../components/shared/layout'
import { PeoplePanel } from '../../components/shared/people_panel'
import { signOut, useCodeExchange } from '../../components/shared/use_sign_in'

interface StaffUser {
  userId: string
  email: string
  displayName: string
  role: 'staff' | 'admin'
}

export default function Admin({ user }: { user: StaffUser | null }) {
  const { error, pending } = useCodeExchange('/admin')

  return (
    <Layout
      title="Staff"
      brand="Transfer"
      actions={
        user && (
          <button type="button" className="secondary" onClick={signOut}>
            Sign out
          </button>
        )
      }
    >
      {pending && <p className="muted">Signing you in…</p>}
      {error && (
        <section className="card">
          <p className="error" role="alert">
            {error}
          </p>
          <a className="button" href="/api/auth/login">
            Sign in again
          </a>
        </section>
      )}
      {user && (
        <>
          <section className="card">
            <h1>Welcome, {user.displayName}</h1>
            <p className="muted">
              Signed in as {user.email} ({user.role})
            </p>
          </section>
          <PeoplePanel url="/api/users" canManage={user.role === 'admin'} />
        </>
      )}
    </Layout>
  )
}
