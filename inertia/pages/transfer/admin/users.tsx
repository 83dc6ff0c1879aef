import { AdminShell, type StaffUser } from '../../../components/transfer/admin_shell'

export default function AdminPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="users" title="Users">
      <section className="card">
        <h1>Users</h1>
      </section>
    </AdminShell>
  )
}
