import { AdminShell, type StaffUser } from '~/components/transfer/admin_shell'
import { ShareList } from '~/components/transfer/share_list'

export default function SharesPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="shares" title="Shares">
      <ShareList />
    </AdminShell>
  )
}
