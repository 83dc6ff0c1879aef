import { useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { Tabs } from '~/components/shared/tabs'
import { useToast } from '~/components/shared/toasts'
import { formatRange, formatTimestamp, formatTimestampDay } from '~/components/shared/dates'

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
      toast.info(`${item.name} is back.`)
      showTrash(type)
    } catch (error) {
      toast.error(`Could not restore ${item.name}: ${errorMessage(error)}`)
    }
  }

  async function removeForGood(item: Data.Schedule.TrashItem) {
    try {
      await api('DELETE', `/api/trash/${type}/${item.id}`)
      toast.info(`${item.name} was removed for good.`)
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
      toast.info(
        parts.length > 0
          ? `Removed for good: ${parts.join(', ')}.`
          : 'Nothing in the trash was older than 30 days.'
      )
      showTrash(type)
    } catch (error) {
      toast.error(`Could not empty the trash: ${errorMessage(error)}`)
    }
  }

  return (
    <section className="card sc-page-card">
      <div className="sc-heading-row">
        <h1>Trash</h1>
        {props.isAdmin && (
          <ConfirmButton
            label="Empty items older than 30 days"
            title="Empty the old trash?"
            confirmLabel="Remove for good"
            danger
            onConfirm={cleanup}
          >
            <p>
              Everything deleted more than 30 days ago is removed for good, with its rosters, notes,
              tasks and share links. This also happens by itself every day.
            </p>
          </ConfirmButton>
        )}
      </div>
      <p className="muted">
        Deleted items stay here for 30 days before they are removed for good. Restoring brings an
        item back with everything it had.
      </p>
      <Tabs label="Kind of item" tabs={TABS} current={switchingTo ?? type} onChange={showType} />
      {switchingTo && <p className="muted">Loading…</p>}
      {!switchingTo && items.length === 0 && (
        <p className="sc-empty">No deleted {NOUNS[type]}. Nothing to do.</p>
      )}
      {!switchingTo && items.length > 0 && (
        <table className="sc-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Deleted</th>
              <th>Removal</th>
              <th>
                <span className="sc-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <strong>{item.name}</strong>
                  {item.startDate && item.endDate && (
                    <div className="muted small">{formatRange(item.startDate, item.endDate)}</div>
                  )}
                </td>
                <td>{formatTimestamp(item.deletedAt)}</td>
                <td>removed for good on {formatTimestampDay(item.purgeAt)}</td>
                <td>
                  <div className="sc-row-actions">
                    <button type="button" className="compact" onClick={() => restore(item)}>
                      Restore
                    </button>
                    {props.isAdmin && (
                      <ConfirmButton
                        compact
                        danger
                        label="Delete permanently"
                        title={`Delete ${item.name} permanently?`}
                        confirmLabel="Delete permanently"
                        onConfirm={() => removeForGood(item)}
                      >
                        <p>
                          {item.name} is removed for good, with everything that belongs to it. This
                          cannot be undone.
                        </p>
                      </ConfirmButton>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
