import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { FileList, type UploadListing, type UploadRow } from '~/components/transfer/file_list'
import type { PageMeta } from '~/components/shared/ui/pager'

type Props = {
  user: Data.Transfer.SessionUser | null
  listing: UploadListing
  /** null only while an auth code is being exchanged (no one is signed in yet). */
  uploads: { data: UploadRow[]; meta: PageMeta } | null
}

export default function UploadsPage({ user, listing, uploads }: Props) {
  return (
    <AdminShell
      user={user}
      section="uploads"
      title="Uploads"
      description="Files visitors sent on the upload page: download them, share them, or delete them."
    >
      {uploads && <FileList listing={listing} uploads={uploads} />}
    </AdminShell>
  )
}
