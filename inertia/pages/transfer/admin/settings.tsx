import { AdminShell, type StaffUser } from '../../../components/transfer/admin_shell'

export default function AdminPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="settings" title="Settings">
      <section className="card">
        <h1>Settings</h1>
      </section>
    </AdminShell>
  )
}
