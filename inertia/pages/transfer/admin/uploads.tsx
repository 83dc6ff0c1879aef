import { AdminShell, type StaffUser } from '~/components/transfer/admin_shell'
import { FileList } from '~/components/transfer/file_list'

export default function UploadsPage({ user }: { user: StaffUser | null }) {
  return (
    <AdminShell user={user} section="uploads" title="Uploads">
      <FileList />
    </AdminShell>
  )
}
