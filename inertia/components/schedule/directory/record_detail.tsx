import { useEffect, useRef } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { ItemExportMenu } from '~/components/schedule/exports/export_menu'
import { ChevronLeftIcon, CloseIcon } from '~/components/shared/ui/icons'
import { Notice } from '~/components/shared/ui/notice'
import { SkeletonText } from '~/components/shared/ui/skeleton'
import { useToast } from '~/components/shared/ui/toast'
import { PHONE_QUERY, useMediaQuery } from '~/components/shared/ui/use_media_query'
import { formatLocalTimestamp } from '~/components/shared/dates'
import { RecordForm, type RecordValues } from './record_form'
import { ShareLinksPanel } from '~/components/schedule/sharing/share_links_panel'
import { CalendarFeedPanel } from '~/components/schedule/sharing/calendar_feed_panel'
import { Assignments } from './assignments'
import { CrewVendorLinks } from './crew_vendor_links'
import { ResourceNotes } from './resource_notes'
import { LocationPhotos } from './location_photos'
import { MapLink } from '~/components/schedule/map_link'
import { LocationStaticMap } from '~/components/schedule/static_map'
import type { Lookups } from '~/components/schedule/lookups'
import type { DirectoryRecord, DirectoryTab, DirectoryTabKey } from './tabs_config'
import type { Data } from '~generated/data'

/**
 * What an open record shows below its fields: for people their upcoming
 * bookings, linked crew or vendors (and the names to link), notes, share
 * links and calendar feed; for locations their notes.
 */
export type RecordPanelsData = {
  assignments: Data.Schedule.ResourceBooking[]
  links: Data.Schedule.CrewVendorLink[]
  notes: Data.Schedule.ResourceNote[]
  shareLinks: Data.Schedule.ShareLink[]
  choices: Data.Schedule.ResourceChoice[]
  calendarFeed: Data.Schedule.CalendarFeed | null
  /** The person's number's last STOP or START; null when it never sent one (or for locations). */
  smsOptOut?: { optedOut: boolean; keyword: string; changedAt: string } | null
}

/** The page's `selection` prop: the record the address opens (GET /directory?tab=…&id=…). */
export type DirectorySelection = {
  tab: DirectoryTabKey
  /** null with no record open, or the new-record form. */
  id: number | null
  /** null for a record without panels (clients) or one no longer in the directory. */
  panels: RecordPanelsData | null
}

/**
 * One record of the directory: its fields, and for people their upcoming
 * bookings, linked crew or vendors, notes and share links. With no record it
 * is the form for a new one. `selection` is the page's, possibly still of
 * the record open before this one while this one's panels are on their way.
 */
export function RecordDetail(props: {
  tab: DirectoryTab
  record: DirectoryRecord | null
  selection: DirectorySelection
  lookups: Lookups
  /** Opened by the person on this page (not by the address the page loaded with). */
  openedHere: boolean
  onSaved: (record: DirectoryRecord, created: boolean) => void
  onDeleted: (record: DirectoryRecord) => void
  onClose: () => void
}) {
  const toast = useToast()
  const phone = useMediaQuery(PHONE_QUERY)
  const { tab, record } = props
  const heading = useRef<HTMLHeadingElement>(null)
  const recordId = record?.id ?? null
  // On a phone the button that opened the record went with the list: focus (and scroll to) the record.
  const { openedHere } = props
  useEffect(() => {
    if (phone && openedHere) {
      heading.current?.focus()
    }
  }, [phone, openedHere, recordId])
  const fields = tab.fields(props.lookups)

  async function submit(values: RecordValues) {
    if (record) {
      props.onSaved(await api<DirectoryRecord>('PATCH', `${tab.url}/${record.id}`, values), false)
    } else {
      props.onSaved(await api<DirectoryRecord>('POST', tab.url, values), true)
    }
  }

  /** Throws on a refusal, so the dialog stays open for another try. */
  async function remove(target: DirectoryRecord) {
    try {
      await api('DELETE', `${tab.url}/${target.id}`)
    } catch (error) {
      toast.error(`Could not delete ${target.name}: ${errorMessage(error)}`)
      throw error
    }
    props.onDeleted(target)
    toast.success(
      tab.trash
        ? `${target.name} moved to the trash. Restore it there within 30 days.`
        : `${target.name} was deleted.`
    )
  }

  const initial: RecordValues = record ?? (tab.starred ? { starred: false } : {})
  const arrived = record && props.selection.tab === tab.key && props.selection.id === record.id
  const title = record ? record.name : `New ${tab.noun}`
  const badge = record && tab.badge?.(record, props.lookups)
  return (
    <article className="sc-detail" aria-label={title}>
      {/* On a phone the record replaces the list: the way back comes first. */}
      {phone && (
        <Button
          variant="ghost"
          size="small"
          icon={<ChevronLeftIcon size={18} />}
          onClick={props.onClose}
        >
          All {tab.plural}
        </Button>
      )}
      <header className="sc-detail-header">
        <h2 ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {badge && <Badge tone="accent">{badge}</Badge>}
        {/* Clients have no printed page of their own: they come in the clients export. */}
        {record && tab.key !== 'clients' && (
          <ItemExportMenu base={`${tab.url}/${record.id}/export`} />
        )}
        {!phone && (
          <button
            type="button"
            className="ui-icon-button"
            aria-label={`Close ${title}`}
            onClick={props.onClose}
          >
            <CloseIcon size={18} />
          </button>
        )}
      </header>
      {record && arrived && props.selection.panels?.smsOptOut?.optedOut && (
        <Notice tone="warning" title="No text messages">
          {record.name}’s number replied {props.selection.panels.smsOptOut.keyword} on{' '}
          {formatLocalTimestamp(props.selection.panels.smsOptOut.changedAt)}. Availability requests
          reach them by email until they text START.
        </Notice>
      )}
      <RecordForm
        key={record ? `${record.id}-${String(record.starred)}` : 'new'}
        name={record ? `Details of ${record.name}` : `New ${tab.noun}`}
        fields={fields}
        initial={initial}
        submitLabel={record ? 'Save' : `Add ${tab.noun}`}
        onSubmit={submit}
      />
      {record && tab.key === 'locations' && (
        <>
          <p>
            <MapLink
              name={record.name}
              address={record.address as string | null}
              lat={record.lat as number | null}
              lng={record.lng as number | null}
            />
          </p>
          <LocationStaticMap
            id={record.id}
            name={record.name}
            lat={record.lat as number | null}
            lng={record.lng as number | null}
          />
          <LocationPhotos key={record.id} locationId={record.id} locationName={record.name} />
        </>
      )}
      {record && (
        <>
          {(tab.person || tab.notesType) &&
            (!arrived ? (
              <SkeletonText lines={4} label={`Loading ${record.name}'s bookings and notes…`} />
            ) : props.selection.panels ? (
              <RecordPanels
                key={`${tab.key}:${record.id}`}
                tab={tab}
                record={record}
                panels={props.selection.panels}
                lookups={props.lookups}
              />
            ) : (
              <Notice tone="danger" role="alert">
                The rest of this {tab.noun}&apos;s details could not be loaded: it may have been
                deleted. Reload the page to check.
              </Notice>
            ))}
          <div className="sc-section">
            <ConfirmDialog
              trigger={<Button variant="danger">Delete {tab.noun}</Button>}
              title={`Delete ${record.name}?`}
              description={
                tab.trash
                  ? `${record.name} moves to the trash and leaves every roster. Anyone can restore them from there within 30 days.`
                  : `${record.name} is deleted for good. Their projects stay, without a client.`
              }
              confirmLabel="Delete"
              onConfirm={() => remove(record)}
            />
          </div>
        </>
      )}
    </article>
  )
}

/** The panels below a record's fields; each keeps its own changes until another record opens. */
function RecordPanels(props: {
  tab: DirectoryTab
  record: DirectoryRecord
  panels: RecordPanelsData
  lookups: Lookups
}) {
  const { tab, record, panels } = props
  return (
    <>
      {tab.person && (
        <>
          <Assignments assignments={panels.assignments} statuses={props.lookups.statuses} />
          <CrewVendorLinks
            side={tab.person}
            id={record.id}
            name={record.name}
            links={panels.links}
            choices={panels.choices}
          />
        </>
      )}
      {tab.notesType && (
        <ResourceNotes resourceType={tab.notesType} resourceId={record.id} notes={panels.notes} />
      )}
      {tab.person && (
        <ShareLinksPanel
          resourceType={tab.person}
          resourceId={record.id}
          resourceName={record.name}
          links={panels.shareLinks}
        />
      )}
      {tab.person && (
        <CalendarFeedPanel
          resourceType={tab.person}
          resourceId={record.id}
          resourceName={record.name}
          feed={panels.calendarFeed}
        />
      )}
    </>
  )
}
