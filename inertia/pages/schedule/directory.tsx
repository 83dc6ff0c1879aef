import { useMemo, useState } from 'react'
import { Link, router, usePage } from '@inertiajs/react'
import { api } from '~/components/shared/api'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { useFieldSaves } from '~/components/shared/save_feedback'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { classNames } from '~/components/shared/ui/class_names'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, TextInput } from '~/components/shared/ui/field'
import { PlusIcon, UsersIcon } from '~/components/shared/ui/icons'
import { PageHeader } from '~/components/shared/ui/page_header'
import { Select } from '~/components/shared/ui/select'
import { SkeletonText } from '~/components/shared/ui/skeleton'
import { Tabs } from '~/components/shared/ui/tabs'
import { useToast } from '~/components/shared/ui/toast'
import type { Lookups } from '~/components/schedule/lookups'
import { RecordList } from '~/components/schedule/directory/record_list'
import {
  RecordDetail,
  type DirectorySelection,
} from '~/components/schedule/directory/record_detail'
import {
  DIRECTORY_TABS,
  type DirectoryRecord,
  type DirectoryTabKey,
} from '~/components/schedule/directory/tabs_config'
import { BulkExportMenu } from '~/components/schedule/exports/export_menu'
import type { Data } from '~generated/data'

/** GET /directory?tab=&id=: the open tab and its records, by name, and the open record's panels. */
type DirectoryPageProps = {
  user: SessionUser
  tab: DirectoryTabKey
  records: (
    Data.Schedule.Crew | Data.Schedule.Vendor | Data.Schedule.Location | Data.Schedule.Client
  )[]
  selection: DirectorySelection
  lookups: Lookups
}

export default function DirectoryPage({
  user,
  tab,
  records,
  selection,
  lookups,
}: DirectoryPageProps) {
  return (
    <ScheduleShell user={user} title="Directory">
      <Directory
        tabKey={tab}
        records={records as DirectoryRecord[]}
        selection={selection}
        lookups={lookups}
      />
    </ScheduleShell>
  )
}

/** The directory's address: the tab (crew unless named) and the open record ("new": the empty form). */
function directoryUrl(tabKey: DirectoryTabKey, id: string) {
  const query = new URLSearchParams()
  if (tabKey !== 'crew') {
    query.set('tab', tabKey)
  }
  if (id) {
    query.set('id', id)
  }
  const search = query.toString()
  return search ? `/directory?${search}` : '/directory'
}

type Filters = { search: string; typeId: string; regionId: string; starredOnly: boolean }
const NO_FILTERS: Filters = { search: '', typeId: '', regionId: '', starredOnly: false }

/** Which record of which tab a star save is for. */
function starKey(tabKey: DirectoryTabKey, id: number) {
  return `${tabKey}:${id}`
}

function starOwner(key: string) {
  const [tabKey, id] = key.split(':')
  return { tabKey: tabKey as DirectoryTabKey, id: Number(id) }
}

function byName(a: DirectoryRecord, b: DirectoryRecord) {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })
}

/** Crew, vendors, locations and clients: find, open, add, edit and delete. */
function Directory(props: {
  tabKey: DirectoryTabKey
  records: DirectoryRecord[]
  selection: DirectorySelection
  lookups: Lookups
}) {
  const toast = useToast()
  const { lookups } = props
  const { url } = usePage()
  // The open record, at once on a click; its panels follow as the `selection` prop.
  const [selected, setSelectedId] = useState(
    () => new URLSearchParams(url.split('?')[1] ?? '').get('id') ?? ''
  )
  const tab =
    DIRECTORY_TABS.find((candidate) => candidate.key === props.tabKey) ?? DIRECTORY_TABS[0]
  // The server's list of the open tab, with this page's saves applied (ids repeat across tabs).
  const [loaded, setLoaded] = useState({
    tab: tab.key,
    source: props.records,
    records: props.records,
  })
  if (loaded.source !== props.records) {
    setLoaded({ tab: tab.key, source: props.records, records: props.records })
  }
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [switchingTo, setSwitchingTo] = useState<DirectoryTabKey | null>(null)
  // A record opened on this page, rather than by the address it was loaded with.
  const [openedHere, setOpenedHere] = useState(false)
  const records = loaded.tab === tab.key ? loaded.records : null
  // Kept here, not in the rows: the virtual list unmounts rows scrolled out of view.
  const stars = useFieldSaves<boolean>(saveStar)

  const shown = useMemo(() => {
    const needle = filters.search.trim().toLowerCase()
    return (records ?? []).filter((record) => {
      if (filters.starredOnly && !record.starred) {
        return false
      }
      if (
        filters.typeId &&
        tab.typeFilter &&
        String(record[tab.typeFilter.key]) !== filters.typeId
      ) {
        return false
      }
      if (filters.regionId && String(record.regionId) !== filters.regionId) {
        return false
      }
      if (!needle) {
        return true
      }
      return [record.name, record.email, record.phone, record.contactName, record.address].some(
        (value) => typeof value === 'string' && value.toLowerCase().includes(needle)
      )
    })
  }, [records, filters, tab])

  /**
   * Opens a record (its id), the empty form ("new") or nothing (null). The
   * address follows, and only the record's panels come back from the server.
   */
  function setSelected(next: string | null) {
    const id = next ?? ''
    if (id === selected) {
      return
    }
    setSelectedId(id)
    setOpenedHere(true)
    router.get(
      directoryUrl(tab.key, id),
      {},
      { only: ['selection'], preserveState: true, preserveScroll: true, replace: true }
    )
  }

  /**
   * Another tab is a partial reload: only the tab, its records and no open
   * record come back. The tab shows as chosen at once, with a skeleton until then.
   */
  function switchTab(next: DirectoryTabKey) {
    setSelectedId('')
    setFilters(NO_FILTERS)
    setSwitchingTo(next)
    router.get(
      directoryUrl(next, ''),
      {},
      {
        only: ['tab', 'records', 'selection'],
        preserveState: true,
        preserveScroll: true,
        onFinish: () => setSwitchingTo(null),
      }
    )
  }

  function setRecords(update: (list: DirectoryRecord[]) => DirectoryRecord[]) {
    setLoaded((current) =>
      current && current.tab === tab.key
        ? { ...current, records: update(current.records) }
        : current
    )
  }

  function saved(record: DirectoryRecord, created: boolean) {
    setRecords((list) =>
      (created
        ? [...list, record]
        : list.map((other) => (other.id === record.id ? record : other))
      ).sort(byName)
    )
    if (created) {
      setSelected(String(record.id))
      toast.success(`${record.name} was added.`)
    }
  }

  /** Stores a star; the list shows the stored value once the server has it. */
  async function saveStar(key: string, starred: boolean) {
    const { tabKey: ownerKey, id } = starOwner(key)
    const owner = DIRECTORY_TABS.find((candidate) => candidate.key === ownerKey)!
    const stored = await api<DirectoryRecord>('PATCH', `${owner.url}/${id}`, { starred })
    // The tab that asked, even if the person switched tabs meanwhile (ids repeat across tabs).
    setLoaded((current) =>
      current && current.tab === ownerKey
        ? {
            ...current,
            records: current.records.map((other) =>
              other.id === id ? { ...other, starred: stored.starred } : other
            ),
          }
        : current
    )
  }

  const selectedRecord =
    selected && selected !== 'new'
      ? (records?.find((record) => String(record.id) === selected) ?? null)
      : null
  const regions = tab.key === 'clients' ? [] : lookups.regions
  const types = tab.typeFilter?.options(lookups) ?? []

  const count =
    records && shown.length === records.length
      ? `${records.length} ${records.length === 1 ? tab.noun : tab.plural}`
      : `${shown.length} of ${records?.length ?? 0} ${tab.plural}`

  const listPanel = (
    <section className="ui-panel sc-directory-list" aria-label={`${tab.label} list`}>
      <div className="sc-directory-filters">
        <Field label={`Search ${tab.plural}`} hideLabel className="sc-directory-search">
          <TextInput
            type="search"
            placeholder={`Search ${tab.plural}`}
            value={filters.search}
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          />
        </Field>
        {tab.typeFilter && types.length > 0 && (
          <Field label={tab.typeFilter.label} hideLabel>
            <Select
              value={filters.typeId || ANY}
              onValueChange={(value) =>
                setFilters({ ...filters, typeId: value === ANY ? '' : value })
              }
              options={[
                { value: ANY, label: `Any ${tab.typeFilter.label.toLowerCase()}` },
                ...types.map((type) => ({ value: String(type.id), label: type.name })),
              ]}
            />
          </Field>
        )}
        {regions.length > 0 && (
          <Field label="Region" hideLabel>
            <Select
              value={filters.regionId || ANY}
              onValueChange={(value) =>
                setFilters({ ...filters, regionId: value === ANY ? '' : value })
              }
              options={[
                { value: ANY, label: 'Any region' },
                ...regions.map((region) => ({ value: String(region.id), label: region.name })),
              ]}
            />
          </Field>
        )}
        {tab.starred && (
          <Checkbox
            label="Starred only"
            checked={filters.starredOnly}
            onChange={(event) => setFilters({ ...filters, starredOnly: event.target.checked })}
          />
        )}
      </div>
      {records === null && <SkeletonText lines={6} label={`Loading the ${tab.plural}…`} />}
      {records?.length === 0 && (
        <EmptyState
          icon={<UsersIcon size={32} />}
          title={`No ${tab.plural} yet`}
          description={
            <>
              {TAB_PURPOSE[tab.key]}
              {tab.typeFilter && (
                <>
                  {' '}
                  Their {tab.typeFilter.label.toLowerCase()}s and regions come from{' '}
                  <Link href="/settings">Lists</Link>: set those up first.
                </>
              )}
            </>
          }
          action={
            <Button icon={<PlusIcon size={16} />} onClick={() => setSelected('new')}>
              Add the first {tab.noun}
            </Button>
          }
        />
      )}
      {records && records.length > 0 && (
        <>
          <p className="ui-muted" role="status">
            {count}
          </p>
          {shown.length === 0 ? (
            <EmptyState
              title="Nothing matches"
              description="Change the search or the filters."
              action={
                <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                  Clear the search and filters
                </Button>
              }
            />
          ) : (
            <RecordList
              tab={tab}
              records={shown}
              lookups={lookups}
              selectedId={selectedRecord?.id ?? null}
              onSelect={(record) => setSelected(String(record.id))}
              star={(record) => stars(starKey(tab.key, record.id), Boolean(record.starred))}
            />
          )}
        </>
      )}
    </section>
  )

  const detail = selected && (
    <section className="ui-panel sc-directory-detail">
      {selected === 'new' || selectedRecord ? (
        <RecordDetail
          tab={tab}
          record={selectedRecord}
          selection={props.selection}
          lookups={lookups}
          openedHere={openedHere}
          onSaved={saved}
          onDeleted={(record) => {
            setRecords((list) => list.filter((other) => other.id !== record.id))
            setSelected(null)
          }}
          onClose={() => setSelected(null)}
        />
      ) : records ? (
        <EmptyState
          title={`This ${tab.noun} is not in the directory`}
          description={
            tab.trash ? (
              <>
                It may have been deleted: look in the{' '}
                <Link href={`/trash?tab=${tab.key}`}>trash</Link>.
              </>
            ) : (
              'It may have been deleted.'
            )
          }
          action={
            <Button variant="secondary" onClick={() => setSelected(null)}>
              Back to the {tab.plural}
            </Button>
          }
        />
      ) : (
        <SkeletonText lines={6} />
      )}
    </section>
  )

  return (
    <>
      <PageHeader
        title="Directory"
        description="Your crew, vendors, locations and clients: find them, keep their details and notes, and see who is booked where."
        actions={
          <>
            {/* The open tab's records, with the search and filters on screen. */}
            <BulkExportMenu
              kind={tab.key}
              filters={{
                search: filters.search.trim(),
                regionId: filters.regionId,
                starred: filters.starredOnly,
                ...(tab.typeFilter ? { [tab.typeFilter.key]: filters.typeId } : {}),
              }}
            />
            <Button icon={<PlusIcon size={16} />} onClick={() => setSelected('new')}>
              New {tab.noun}
            </Button>
          </>
        }
      />
      <Tabs
        label="Directory sections"
        value={switchingTo ?? tab.key}
        onValueChange={(value) => switchTab(value as DirectoryTabKey)}
        items={DIRECTORY_TABS.map(({ key, label }) => ({
          value: key,
          label,
          content: switchingTo ? (
            <SkeletonText lines={6} label={`Loading the ${label.toLowerCase()}…`} />
          ) : (
            // On a phone the open record takes the list's place (it has a way back).
            <div className={classNames('sc-directory-body', selected && 'sc-with-detail')}>
              {listPanel}
              {detail}
            </div>
          ),
        }))}
      />
    </>
  )
}

/** What each tab is for, for its empty state. */
const TAB_PURPOSE: Record<DirectoryTabKey, string> = {
  crew: 'Crew are the people you book onto projects, with their role, region and contact details.',
  vendors: 'Vendors are the companies you hire from: rental houses, caterers, transport.',
  locations: 'Locations are the places you shoot at, with their address and notes for the team.',
  clients: 'Clients are who the projects are for: a project can name its client.',
}

/** "Any" in a filter (Radix keeps the empty value for its placeholder). */
const ANY = 'any'
