import { useState } from 'react'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { LinkList } from '~/components/shared/ui/link_list'
import { RowMenu } from '~/components/shared/ui/row_menu'

/**
 * The gallery's part for the kit's page-level pieces: link lists
 * and a confirmation opened from a row's menu (the pager is in the gallery's
 * own list section).
 */
export function GalleryMore() {
  const [asking, setAsking] = useState(false)
  const [archived, setArchived] = useState(false)
  return (
    <section className="ui-panel" aria-labelledby="page-parts-title">
      <h2 id="page-parts-title">Link lists and row menus</h2>
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
