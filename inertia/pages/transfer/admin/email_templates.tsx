import { AdminShell, type StaffUser } from '../../../components/transfer/admin_shell'

export default function AdminPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="email-templates" title="Email Templates">
      <section className="card">
        <h1>Email Templates</h1>
      </section>
    </AdminShell>
  )
}
