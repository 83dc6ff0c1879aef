import { useState } from 'react'
import { Alert } from '~/components/shared/ui/alert'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { LinkList } from '~/components/shared/ui/link_list'
import { RowMenu } from '~/components/shared/ui/row_menu'

/**
 * The gallery's part for the kit's page-level pieces: alerts, link lists
 * and a confirmation opened from a row's menu (the pager is in the gallery's
 * own list section).
 */
export function GalleryMore() {
  const [asking, setAsking] = useState(false)
  const [archived, setArchived] = useState(false)
  return (
    <section className="ui-panel" aria-labelledby="page-parts-title">
      <h2 id="page-parts-title">Alerts, link lists and row menus</h2>
      <h3>Alerts</h3>
      <p className="ui-muted">
        A message about the whole page (what a form post came back with). Feedback on one control
        stays beside it.
      </p>
      <Alert tone="info">We sent a link to ada@example.com.</Alert>
      <Alert tone="success">Your email address is confirmed. Sign in to continue.</Alert>
      <Alert tone="warning">Your recovery codes are running low: 2 left.</Alert>
      <Alert tone="danger">Too many attempts. Try again in 5 minutes.</Alert>
      <h3>Link list</h3>
      <LinkList
        label="Apps"
        items={[
          {
            key: 'schedule',
            href: '/design-system',
            title: 'Schedule',
            detail: 'https://schedule.example.com/',
          },
          {
            key: 'transfer',
            href: '/design-system',
            title: 'Transfer',
            detail: 'https://files.example.com/',
          },
        ]}
      />
      <h3>Confirming an action from a menu</h3>
      <div className="ui-cluster">
        <RowMenu
          label="Harbour Lights"
          items={[
            { label: 'Rename', onSelect: () => undefined },
            { label: 'Archive', onSelect: () => setAsking(true), tone: 'danger' },
          ]}
        />
        {archived && <span className="ui-muted">Archived.</span>}
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Archive Harbour Lights?"
        description="It leaves the calendar; you can bring it back from the archive."
        confirmLabel="Archive"
        onConfirm={() => setArchived(true)}
      />
    </section>
  )
}
