import { useMemo } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import {
  ResourcePicker,
  type PickedResource,
} from '~/components/schedule/directory/resource_picker'
import { SortableList } from '~/components/shared/sortable_list'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { useToast } from '~/components/shared/ui/toast'
import { RosterRow, rosterKey } from './roster_row'
import type { Lookups } from '~/components/schedule/lookups'
import type { Data } from '~generated/data'

type RosterEntry = Data.Schedule.RosterEntry
type Conflict = Data.Schedule.Conflict

/**
 * The project's crew and vendors in one list, in the order the team wants
 * them (drag the handle); add someone by name.
 */
export function Roster(props: {
  projectId: number
  days: string[]
  roster: RosterEntry[]
  /** The crew and vendors the add box offers. */
  choices: PickedResource[]
  lookups: Lookups
  conflicts: Conflict[]
  onRoster: (update: (roster: RosterEntry[]) => RosterEntry[]) => void
  afterSave: (conflicts?: Conflict[]) => void
}) {
  const toast = useToast()
  const { roster } = props
  const onRoster = useMemo(
    () => new Set(roster.map((entry) => `${entry.kind}:${entry.resourceId}`)),
    [roster]
  )

  async function add(person: PickedResource) {
    const path = person.kind === 'crew' ? 'crew' : 'vendors'
    const body = person.kind === 'crew' ? { crewId: person.id } : { vendorId: person.id }
    try {
      const result = await api<Data.Schedule.RosterChange>(
        'POST',
        `/api/projects/${props.projectId}/${path}`,
        body
      )
      props.onRoster((current) => [...current, result.entry])
      props.afterSave(result.conflicts)
    } catch (error) {
      toast.error(`Could not add ${person.name}: ${errorMessage(error)}`)
    }
  }

  async function reorder(next: RosterEntry[]) {
    const before = roster
    props.onRoster(() => next)
    try {
      const saved = await api<RosterEntry[]>(
        'PUT',
        `/api/projects/${props.projectId}/roster/order`,
        {
          entries: next.map((entry) => ({ kind: entry.kind, id: entry.id })),
        }
      )
      props.onRoster(() => saved)
      props.afterSave()
    } catch (error) {
      props.onRoster(() => before)
      toast.error(`Could not save the new order, so the old one is back: ${errorMessage(error)}`)
    }
  }

  function change(key: string, update: (entry: RosterEntry) => RosterEntry) {
    props.onRoster((current) =>
      current.map((entry) => (rosterKey(entry) === key ? update(entry) : entry))
    )
  }

  return (
    <section className="ui-panel" aria-labelledby="roster-heading">
      <div className="sc-heading-row">
        <h2 id="roster-heading">Roster</h2>
        <span className="ui-muted">
          {roster.filter((entry) => entry.kind === 'crew').length} crew ·{' '}
          {roster.filter((entry) => entry.kind === 'vendor').length} vendors
        </span>
      </div>
      {roster.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No one on this project yet"
          description="Nobody is booked yet. Add crew members or vendors with the box below; each one then gets a status, a role and the days they work."
        />
      ) : (
        <>
          <p className="ui-muted">
            Drag ⠿ to reorder (or focus it, press Space, then the arrow keys). Click a day to take
            it off someone&apos;s booking or put it back.
          </p>
          <SortableList
            className="sc-roster"
            items={roster}
            itemId={rosterKey}
            itemLabel={(entry) => entry.name}
            onReorder={(next) => void reorder(next)}
          >
            {(entry) => (
              <RosterRow
                projectId={props.projectId}
                days={props.days}
                entry={entry}
                lookups={props.lookups}
                conflicts={props.conflicts.filter(
                  (conflict) =>
                    conflict.kind === entry.kind && conflict.resourceId === entry.resourceId
                )}
                onEntry={(update) => change(rosterKey(entry), update)}
                onRemoved={() =>
                  props.onRoster((current) =>
                    current.filter((other) => rosterKey(other) !== rosterKey(entry))
                  )
                }
                afterSave={props.afterSave}
              />
            )}
          </SortableList>
        </>
      )}
      <div className="sc-roster-add">
        <ResourcePicker
          label="Add a crew member or vendor"
          kinds={['crew', 'vendor']}
          choices={props.choices}
          excluded={onRoster}
          onPick={(person) => void add(person)}
        />
      </div>
    </section>
  )
}
