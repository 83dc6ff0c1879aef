import { AdminShell, type StaffUser } from '../../../components/transfer/admin_shell'

export default function AdminPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="logs" title="Logs">
      <section className="card">
        <h1>Logs</h1>
      </section>
    </AdminShell>
  )
}
