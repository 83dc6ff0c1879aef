import { useMemo, useState } from 'react'
import { Link, router, usePage } from '@inertiajs/react'
import { api } from '~/components/shared/api'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { Tabs } from '~/components/shared/tabs'
import { useToast } from '~/components/shared/toasts'
import { useFieldSaves } from '~/components/shared/save_feedback'
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
    router.get(
      directoryUrl(tab.key, id),
      {},
      { only: ['selection'], preserveState: true, preserveScroll: true, replace: true }
    )
  }

  /** Another tab is a partial reload: only the tab, its records and no open record come back. */
  function switchTab(next: DirectoryTabKey) {
    setSelectedId('')
    setFilters(NO_FILTERS)
    router.get(
      directoryUrl(next, ''),
      {},
      {
        only: ['tab', 'records', 'selection'],
        preserveState: true,
        preserveScroll: true,
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
      toast.info(`${record.name} was added.`)
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

  return (
    <div className="sc-directory">
      <div className="sc-heading-row">
        <h1 className="sc-page-title">Directory</h1>
        <button type="button" onClick={() => setSelected('new')}>
          New {tab.noun}
        </button>
      </div>
      <Tabs
        label="Directory sections"
        tabs={DIRECTORY_TABS.map(({ key, label }) => ({ key, label }))}
        current={tab.key}
        onChange={switchTab}
      />
      <div className={selected ? 'sc-directory-body sc-with-detail' : 'sc-directory-body'}>
        <section className="card sc-directory-list" aria-label={`${tab.label} list`}>
          <div className="sc-filters">
            <input
              type="search"
              aria-label={`Search ${tab.plural}`}
              placeholder={`Search ${tab.plural}`}
              value={filters.search}
              onChange={(event) => setFilters({ ...filters, search: event.target.value })}
            />
            {tab.typeFilter && types.length > 0 && (
              <select
                aria-label={tab.typeFilter.label}
                value={filters.typeId}
                onChange={(event) => setFilters({ ...filters, typeId: event.target.value })}
              >
                <option value="">Any {tab.typeFilter.label.toLowerCase()}</option>
                {types.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            )}
            {regions.length > 0 && (
              <select
                aria-label="Region"
                value={filters.regionId}
                onChange={(event) => setFilters({ ...filters, regionId: event.target.value })}
              >
                <option value="">Any region</option>
                {regions.map((region) => (
                  <option key={region.id} value={region.id}>
                    {region.name}
                  </option>
                ))}
              </select>
            )}
            {tab.starred && (
              <label className="sc-check-label">
                <input
                  type="checkbox"
                  checked={filters.starredOnly}
                  onChange={(event) =>
                    setFilters({ ...filters, starredOnly: event.target.checked })
                  }
                />
                Starred only
              </label>
            )}
          </div>
          {records === null && <p className="muted">Loading…</p>}
          {records?.length === 0 && (
            <p className="sc-empty">
              No {tab.plural} yet. Add the first with “New {tab.noun}”.
            </p>
          )}
          {records && records.length > 0 && (
            <>
              <p className="muted small" role="status">
                {shown.length === records.length
                  ? `${records.length} ${records.length === 1 ? tab.noun : tab.plural}`
                  : `${shown.length} of ${records.length} ${tab.plural}`}
              </p>
              {shown.length === 0 ? (
                <p className="sc-empty">Nothing matches. Change the search or the filters.</p>
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
        {selected && (
          <section className="card sc-directory-detail">
            {selected === 'new' || selectedRecord ? (
              <RecordDetail
                tab={tab}
                record={selectedRecord}
                selection={props.selection}
                lookups={lookups}
                onSaved={saved}
                onDeleted={(record) => {
                  setRecords((list) => list.filter((other) => other.id !== record.id))
                  setSelected(null)
                }}
                onClose={() => setSelected(null)}
              />
            ) : records ? (
              <div>
                <h2>Not found</h2>
                <p>
                  This {tab.noun} is not in the directory. It may have been deleted
                  {tab.trash ? (
                    <>
                      : look in the <Link href={`/trash?tab=${tab.key}`}>trash</Link>.
                    </>
                  ) : (
                    '.'
                  )}
                </p>
                <button type="button" className="secondary" onClick={() => setSelected(null)}>
                  Close
                </button>
              </div>
            ) : (
              <p className="muted">Loading…</p>
            )}
          </section>
        )}
      </div>
    </div>
  )
}
