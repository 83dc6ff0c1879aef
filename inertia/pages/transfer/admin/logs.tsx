import { AdminShell, type StaffUser } from '~/components/transfer/admin_shell'
import { LogList } from '~/components/transfer/log_list'

export default function LogsPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="logs" title="Download log">
      <LogList />
    </AdminShell>
  )
}
