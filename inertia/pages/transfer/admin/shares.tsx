import { AdminShell, type StaffUser } from '../../../components/transfer/admin_shell'

export default function AdminPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="shares" title="Shares">
      <section className="card">
        <h1>Shares</h1>
      </section>
    </AdminShell>
  )
}
