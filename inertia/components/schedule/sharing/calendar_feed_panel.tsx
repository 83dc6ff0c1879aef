import { useState } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { formatTimestamp, formatTimestampDay } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { CopyField } from '~/components/shared/ui/copy_field'
import { Notice } from '~/components/shared/ui/notice'
import { useToast } from '~/components/shared/ui/toast'

type CalendarFeed = Data.Schedule.CalendarFeed

/**
 * A crew member's or vendor's calendar feed: an address they subscribe to
 * in their calendar app (Google, Apple, Outlook) to see their bookings
 * there. The address is shown once, when it is made (only its hash is
 * kept); making a new one replaces it, revoking stops it.
 */
export function CalendarFeedPanel(props: {
  resourceType: CalendarFeed['resourceType']
  resourceId: number
  resourceName: string
  feed: CalendarFeed | null
}) {
  const toast = useToast()
  const [feed, setFeed] = useState(props.feed)
  const [address, setAddress] = useState<string | null>(null)
  const [making, setMaking] = useState(false)
  const headingId = `feed-${props.resourceType}-${props.resourceId}-heading`

  async function make() {
    setMaking(true)
    try {
      const made = await api<CalendarFeed & { url: string }>('POST', '/api/calendar-feeds', {
        resourceType: props.resourceType,
        resourceId: props.resourceId,
      })
      setAddress(made.url)
      setFeed(made)
      toast.success('Calendar feed address made. Copy it now.')
    } catch (error) {
      toast.error(`Could not make the address: ${errorMessage(error)}`)
    } finally {
      setMaking(false)
    }
  }

  async function revoke() {
    if (!feed) {
      return
    }
    try {
      await api('DELETE', `/api/calendar-feeds/${feed.id}`)
      setFeed(null)
      setAddress(null)
      toast.success('The calendar feed no longer opens.')
    } catch (error) {
      toast.error(`Could not revoke the feed: ${errorMessage(error)}`)
      throw error
    }
  }

  return (
    <section className="ui-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Calendar feed</h2>
      <p className="ui-muted">
        An address {props.resourceName} can subscribe to in their calendar app, to see every day
        they are booked (project, place, call time, status). It updates by itself.
      </p>
      {address && (
        <Notice tone="warning" title="Copy the address now">
          For safety it is shown only this once. Send it to {props.resourceName} only: anyone with
          it sees their bookings.
        </Notice>
      )}
      {address && (
        <CopyField value={address} label="Calendar feed address" copyLabel="Copy address" />
      )}
      {feed ? (
        <p className="ui-muted">
          Made {formatTimestampDay(feed.createdAt)} · fetched {feed.fetchCount}{' '}
          {feed.fetchCount === 1 ? 'time' : 'times'}
          {feed.lastFetchedAt && `, last ${formatTimestamp(feed.lastFetchedAt)}`}
        </p>
      ) : (
        <p className="ui-muted">No calendar feed yet.</p>
      )}
      <div className="ui-actions">
        {feed ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" loading={making}>
                Make a new address…
              </Button>
            }
            title="Replace the calendar feed address?"
            description="The current address stops working; calendars subscribed to it must subscribe to the new one."
            confirmLabel="Make a new address"
            onConfirm={make}
          />
        ) : (
          <Button onClick={() => void make()} loading={making}>
            Make calendar feed address
          </Button>
        )}
        {feed && (
          <ConfirmDialog
            trigger={<Button variant="danger">Revoke…</Button>}
            title="Revoke the calendar feed?"
            description="The address stops working at once; calendars subscribed to it stop updating."
            confirmLabel="Revoke"
            onConfirm={revoke}
          />
        )}
      </div>
    </section>
  )
}
