import { useMemo, useState } from 'react'
import type { PeoplePerson } from './calendar_types'

type KindFilter = 'all' | 'crew' | 'vendor'

/** Crew, vendors or both, and a name search, over the people calendar's rows. */
export function usePeopleFilter(people: PeoplePerson[] | undefined) {
  const [kind, setKind] = useState<KindFilter>('all')
  const [search, setSearch] = useState('')
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return (people ?? []).filter(
      (person) =>
        (kind === 'all' || person.kind === kind) &&
        (!needle || person.name.toLowerCase().includes(needle))
    )
  }, [people, kind, search])
  return { rows, kind, setKind, search, setSearch, total: people?.length ?? 0 }
}

export function PeopleFilters(props: ReturnType<typeof usePeopleFilter>) {
  return (
    <div className="cal-subbar" role="search" aria-label="Filter people">
      <label htmlFor="cal-people-kind">Show</label>
      <select
        id="cal-people-kind"
        value={props.kind}
        onChange={(event) => props.setKind(event.target.value as KindFilter)}
      >
        <option value="all">Crew and vendors</option>
        <option value="crew">Crew</option>
        <option value="vendor">Vendors</option>
      </select>
      <label htmlFor="cal-people-search">Search</label>
      <input
        id="cal-people-search"
        type="search"
        placeholder="Name"
        value={props.search}
        onChange={(event) => props.setSearch(event.target.value)}
      />
      <span className="muted small">
        {props.rows.length} of {props.total} shown
      </span>
    </div>
  )
}
