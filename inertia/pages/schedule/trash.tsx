import { useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SkeletonText } from '~/components/shared/ui/skeleton'
import { Tabs } from '~/components/shared/ui/tabs'
import { useToast } from '~/components/shared/ui/toast'
import { formatRange, formatTimestampDay, relativeTimeProps } from '~/components/shared/dates'

const TYPES = ['projects', 'crew', 'vendors', 'locations'] as const
type TrashType = (typeof TYPES)[number]
const TABS: { key: TrashType; label: string }[] = [
  { key: 'projects', label: 'Projects' },
  { key: 'crew', label: 'Crew' },
  { key: 'vendors', label: 'Vendors' },
  { key: 'locations', label: 'Locations' },
]
const NOUNS: Record<TrashType, string> = {
  projects: 'projects',
  crew: 'crew members',
  vendors: 'vendors',
  locations: 'locations',
}

type CleanupResult = { success: true; removed: Record<TrashType, number> }

type TrashProps = {
  user: SessionUser
  /** The tab shown (?tab=), and what is in the trash of that kind. */
  type: TrashType
  items: Data.Schedule.TrashItem[]
}

export default function TrashPage({ user, type, items }: TrashProps) {
  return (
    <ScheduleShell user={user} title="Trash">
      <Trash isAdmin={user.role === 'admin'} type={type} items={items} />
    </ScheduleShell>
  )
}

/** Reads the trash again from the server (after a change, or for another tab). */
function showTrash(type: TrashType, callbacks: { onFinish?: () => void } = {}) {
  router.get('/trash', type === 'projects' ? {} : { tab: type }, {
    only: ['type', 'items'],
    preserveState: true,
    preserveScroll: true,
    replace: true,
    ...callbacks,
  })
}

/**
 * Deleted projects, crew, vendors and locations wait here for 30 days.
 * Anyone can restore; only admins remove something for good.
 */
function Trash(props: { isAdmin: boolean; type: TrashType; items: Data.Schedule.TrashItem[] }) {
  const { type, items } = props
  const toast = useToast()
  const [switchingTo, setSwitchingTo] = useState<TrashType | null>(null)

  function showType(next: TrashType) {
    setSwitchingTo(next)
    showTrash(next, { onFinish: () => setSwitchingTo(null) })
  }

  async function restore(item: Data.Schedule.TrashItem) {
    try {
      await api('POST', `/api/trash/${type}/${item.id}/restore`)
      toast.success(`${item.name} is back.`)
      showTrash(type)
    } catch (error) {
      toast.error(`Could not restore ${item.name}: ${errorMessage(error)}`)
    }
  }

  async function removeForGood(item: Data.Schedule.TrashItem) {
    try {
      await api('DELETE', `/api/trash/${type}/${item.id}`)
      toast.success(`${item.name} was removed for good.`)
      showTrash(type)
    } catch (error) {
      toast.error(`Could not remove ${item.name}: ${errorMessage(error)}`)
    }
  }

  async function cleanup() {
    try {
      const { removed } = await api<CleanupResult>('POST', '/api/trash/cleanup')
      const parts = TYPES.filter((key) => removed[key] > 0).map(
        (key) => `${removed[key]} ${NOUNS[key]}`
      )
      toast.success(
        parts.length > 0
          ? `Removed for good: ${parts.join(', ')}.`
          : 'Nothing in the trash was older than 30 days.'
      )
      showTrash(type)
    } catch (error) {
      toast.error(`Could not empty the trash: ${errorMessage(error)}`)
    }
  }

  // Each tab's rows come from the server: the tab being opened shows a skeleton until they are here.
  const list = switchingTo ? (
    <SkeletonText lines={4} label={`Loading the deleted ${NOUNS[switchingTo]}…`} />
  ) : (
    <DataTable
      caption={`Deleted ${NOUNS[type]}`}
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        {
          key: 'name',
          header: 'Name',
          primary: true,
          cell: (item) => (
            <>
              <strong>{item.name}</strong>
              {item.startDate && item.endDate && (
                <div className="ui-muted">{formatRange(item.startDate, item.endDate)}</div>
              )}
            </>
          ),
        },
        {
          key: 'deleted',
          header: 'Deleted',
          nowrap: true,
          cell: (item) => <time {...relativeTimeProps(item.deletedAt)} />,
        },
        {
          key: 'removal',
          header: 'Removal',
          cell: (item) => <>removed for good on {formatTimestampDay(item.purgeAt)}</>,
        },
      ]}
      actions={(item) => (
        <>
          <Button size="small" variant="secondary" onClick={() => restore(item)}>
            Restore
          </Button>
          {props.isAdmin && (
            <ConfirmDialog
              trigger={
                <Button size="small" variant="danger">
                  Delete permanently
                </Button>
              }
              title={`Delete ${item.name} permanently?`}
              description={`${item.name} is removed for good, with everything that belongs to it. This cannot be undone.`}
              confirmLabel="Delete permanently"
              onConfirm={() => removeForGood(item)}
            />
          )}
        </>
      )}
      empty={
        <EmptyState
          title={`No deleted ${NOUNS[type]}`}
          description={`When you delete ${NOUNS[type]}, they wait here for 30 days and can be restored. Nothing to do now.`}
        />
      }
    />
  )

  return (
    <>
      <PageHeader
        title="Trash"
        description="Deleted items stay here for 30 days before they are removed for good. Restoring brings an item back with everything it had."
        actions={
          props.isAdmin && (
            <ConfirmDialog
              trigger={<Button variant="secondary">Empty items older than 30 days</Button>}
              title="Empty the old trash?"
              description="Everything deleted more than 30 days ago is removed for good, with its rosters, notes, tasks and share links. This also happens by itself every day."
              confirmLabel="Remove for good"
              onConfirm={cleanup}
            />
          )
        }
      />
      <Tabs
        label="Kind of item"
        value={switchingTo ?? type}
        onValueChange={(value) => showType(value as TrashType)}
        items={TABS.map((tab) => ({ value: tab.key, label: tab.label, content: list }))}
      />
    </>
  )
}
