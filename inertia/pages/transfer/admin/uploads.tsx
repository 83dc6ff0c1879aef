import { AdminShell, type StaffUser } from '../../../components/transfer/admin_shell'

export default function AdminPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="uploads" title="Uploads">
      <section className="card">
        <h1>Uploads</h1>
      </section>
    </AdminShell>
  )
}
