import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import type { Data } from '~generated/data'

type ResourceKind = Data.Schedule.RosterEntry['kind']

export type PickedResource = { kind: ResourceKind; id: number; name: string; starred: boolean }

const MAX_MATCHES = 12

/**
 * A search box over crew and vendors: type part of a name, pick with the
 * mouse or the arrow keys and Enter. People already chosen (`excluded`, keys
 * "crew:3") are left out.
 */
export function ResourcePicker(props: {
  label: string
  kinds: ResourceKind[]
  excluded?: Set<string>
  disabled?: boolean
  onPick: (resource: PickedResource) => void
}) {
  const listId = useId()
  const inputId = useId()
  const [people, setPeople] = useState<PickedResource[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const kindsKey = props.kinds.join(',')

  useEffect(() => {
    const kinds = kindsKey.split(',') as ResourceKind[]
    Promise.all([
      kinds.includes('crew') ? api<Data.Schedule.Crew[]>('GET', '/api/crew') : Promise.resolve([]),
      kinds.includes('vendor')
        ? api<Data.Schedule.Vendor[]>('GET', '/api/vendors')
        : Promise.resolve([]),
    ])
      .then(([crew, vendors]) =>
        setPeople([
          ...crew.map((person) => ({
            kind: 'crew' as const,
            id: person.id,
            name: person.name,
            starred: person.starred,
          })),
          ...vendors.map((vendor) => ({
            kind: 'vendor' as const,
            id: vendor.id,
            name: vendor.name,
            starred: vendor.starred,
          })),
        ])
      )
      .catch((failure: unknown) => setError(`Could not load people: ${errorMessage(failure)}`))
  }, [kindsKey])

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase()
    if (!people || needle === '') {
      return []
    }
    return (
      people
        .filter((person) => !props.excluded?.has(`${person.kind}:${person.id}`))
        .filter((person) => person.name.toLowerCase().includes(needle))
        // Starred people are the usual picks, so they come first.
        .sort((a, b) => Number(b.starred) - Number(a.starred))
        .slice(0, MAX_MATCHES)
    )
  }, [people, query, props.excluded])

  function pick(person: PickedResource) {
    props.onPick(person)
    setQuery('')
    setOpen(false)
    setActive(0)
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((index) => Math.min(index + 1, matches.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (matches[active]) {
        pick(matches[active])
      }
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  const showList = open && query.trim() !== ''
  return (
    <div className="sc-picker">
      <label htmlFor={inputId}>{props.label}</label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={props.kinds.length > 1 ? 'Type a name…' : 'Type a name'}
        disabled={props.disabled || people === null}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          setOpen(true)
          setActive(0)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={keyDown}
      />
      {error && <p className="error small">{error}</p>}
      {showList && (
        <ul id={listId} role="listbox" className="sc-picker-list" aria-label={props.label}>
          {matches.length === 0 && (
            <li className="muted small sc-picker-empty">
              Nobody matches “{query.trim()}”. Add people in the Directory.
            </li>
          )}
          {matches.map((person, index) => (
            <li
              key={`${person.kind}:${person.id}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'sc-picker-option sc-active' : 'sc-picker-option'}
              onMouseDown={(event) => {
                event.preventDefault()
                pick(person)
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span>
                {person.starred && <span aria-hidden="true">★ </span>}
                {person.name}
              </span>
              {props.kinds.length > 1 && (
                <span className={`sc-kind sc-kind-${person.kind}`}>
                  {person.kind === 'crew' ? 'Crew' : 'Vendor'}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
