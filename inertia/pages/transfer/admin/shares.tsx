import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { ShareList } from '~/components/transfer/share_list'
import type { ShareableUpload } from '~/components/transfer/share_form'

type Props = {
  user: Data.Transfer.SessionUser | null
  shares: Data.Transfer.StaffShare[]
  shareableUploads: ShareableUpload[]
  /** ?upload=<id> from the uploads page preselects that file. */
  initialUploadId: string | null
  /** How long a share works when its expiry is left at the default (0: no end). */
  defaultExpiryDays: number
}

export default function SharesPage(props: Props) {
  const { user, shares, shareableUploads, initialUploadId, defaultExpiryDays } = props
  return (
    <AdminShell
      user={user}
      section="shares"
      title="Shares"
      description="Links that let someone outside download one upload, with an optional password, end date and download limit."
    >
      <ShareList
        shares={shares}
        uploads={shareableUploads}
        initialUploadId={initialUploadId}
        defaultExpiryDays={defaultExpiryDays}
      />
    </AdminShell>
  )
}
