import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { Badge } from '~/components/shared/ui/badge'
import { classNames } from '~/components/shared/ui/class_names'
import type { Data } from '~generated/data'

/** A crew member or vendor the picker offers (the page's props carry them). */
export type PickedResource = Data.Schedule.ResourceChoice

const MAX_MATCHES = 12

/**
 * A search box over crew and vendors: type part of a name, pick with the
 * mouse or the arrow keys and Enter. It offers `choices` (people of `kinds`),
 * leaving out those already chosen (`excluded`, keys "crew:3").
 */
export function ResourcePicker(props: {
  label: string
  kinds: PickedResource['kind'][]
  choices: PickedResource[]
  excluded?: Set<string>
  disabled?: boolean
  onPick: (resource: PickedResource) => void
}) {
  const listId = useId()
  const inputId = useId()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase()
    if (needle === '') {
      return []
    }
    return (
      props.choices
        .filter((person) => !props.excluded?.has(`${person.kind}:${person.id}`))
        .filter((person) => person.name.toLowerCase().includes(needle))
        // Starred people are the usual picks, so they come first.
        .sort((a, b) => Number(b.starred) - Number(a.starred))
        .slice(0, MAX_MATCHES)
    )
  }, [props.choices, query, props.excluded])

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
    <div className="ui-field ui-combobox sc-picker">
      <label className="ui-label" htmlFor={inputId}>
        {props.label}
      </label>
      <input
        id={inputId}
        className="ui-input"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={props.kinds.length > 1 ? 'Type a name…' : 'Type a name'}
        disabled={props.disabled}
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
      {showList && (
        <ul
          id={listId}
          role="listbox"
          className="ui-popover ui-combobox-list"
          aria-label={props.label}
        >
          {matches.length === 0 && (
            <li className="ui-option-empty" role="presentation">
              Nobody matches “{query.trim()}”. Add people in the Directory.
            </li>
          )}
          {matches.map((person, index) => (
            <li
              key={`${person.kind}:${person.id}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={classNames('ui-option', index === active && 'is-highlighted')}
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
                <Badge tone={person.kind === 'crew' ? 'info' : 'warning'}>
                  {person.kind === 'crew' ? 'Crew' : 'Vendor'}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
