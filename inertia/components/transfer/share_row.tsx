import { useState } from 'react'
import type { Data } from '~generated/data'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { RowMenu } from '~/components/shared/ui/row_menu'
import { ShareForm } from '~/components/transfer/share_form'

/**
 * One share's actions, in its row's menu: edit (in a dialog), download it
 * as staff (not counted against its limit), its download log, and delete
 * (asked first: the link stops working).
 */
export function ShareActions(props: {
  share: Data.Transfer.StaffShare
  defaultExpiryDays: number
  onSaved: (share: Data.Transfer.StaffShare) => void
  /** Deletes it; throws when that failed, so the dialog stays for another try. */
  onDelete: (share: Data.Transfer.StaffShare) => Promise<void>
}) {
  const { share } = props
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const name = share.title ?? share.fileName

  return (
    <>
      <RowMenu
        label={name}
        items={[
          { label: 'Edit', onSelect: () => setEditing(true) },
          { label: 'Download', href: `/api/staff-shares/${share.id}/download` },
          { label: 'Download log', href: `/admin/logs?shareId=${share.id}` },
          'separator',
          { label: 'Delete', tone: 'danger', onSelect: () => setDeleting(true) },
        ]}
      />
      <Dialog
        title={`Edit the share of ${share.fileName}`}
        open={editing}
        onOpenChange={setEditing}
        size="wide"
      >
        <ShareForm
          share={share}
          defaultExpiryDays={props.defaultExpiryDays}
          onSaved={(saved) => {
            setEditing(false)
            props.onSaved(saved)
          }}
          cancel={
            <DialogClose>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          }
        />
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete the share of ${share.fileName}?`}
        description="Its link stops working at once. The file itself stays in Uploads."
        confirmLabel="Delete share"
        onConfirm={() => props.onDelete(share)}
      />
    </>
  )
}
