import { useMemo, useState } from 'react'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import { BulkExportMenu } from '~/components/schedule/exports/export_menu'
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

const KINDS = [
  { value: 'all', label: 'Crew and vendors' },
  { value: 'crew', label: 'Crew' },
  { value: 'vendor', label: 'Vendors' },
]

/** The filters, and the rosters of the days on screen exported with them (`range`). */
export function PeopleFilters(
  props: ReturnType<typeof usePeopleFilter> & { range: { from: string; to: string } }
) {
  return (
    <div className="cal-subbar" role="search" aria-label="Filter people">
      <Field label="Show" className="cal-filter">
        <Select
          value={props.kind}
          options={KINDS}
          onValueChange={(value) => props.setKind(value as KindFilter)}
        />
      </Field>
      <Field label="Search" className="cal-filter">
        <TextInput
          type="search"
          placeholder="Name"
          value={props.search}
          onChange={(event) => props.setSearch(event.target.value)}
        />
      </Field>
      <span className="ui-muted" role="status">
        {props.rows.length} of {props.total} shown
      </span>
      <BulkExportMenu
        kind="rosters"
        label="Export rosters"
        filters={{
          from: props.range.from,
          to: props.range.to,
          kind: props.kind === 'all' ? undefined : props.kind,
          personSearch: props.search.trim(),
        }}
      />
    </div>
  )
}
