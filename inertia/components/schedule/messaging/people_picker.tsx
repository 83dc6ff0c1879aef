import { useState } from 'react'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { Field, TextInput } from '~/components/shared/ui/field'

export type PickablePerson = { resourceType: 'crew' | 'vendor'; resourceId: number; name: string }

/** `crew:12`, `vendor:3`: how a picked person is keyed (as compose's per-person channels are). */
export const personKey = (person: Pick<PickablePerson, 'resourceType' | 'resourceId'>) =>
  `${person.resourceType}:${person.resourceId}`

/**
 * Crew and vendors ticked from a list narrowed by name (a group's members,
 * the people a message goes to by hand). The list scrolls inside its box.
 */
export function PeoplePicker(props: {
  legend: string
  people: PickablePerson[]
  chosen: Set<string>
  onChange: (chosen: Set<string>) => void
  error?: string
}) {
  const [search, setSearch] = useState('')
  const shown = props.people.filter((person) =>
    person.name.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase())
  )

  function toggle(person: PickablePerson, on: boolean) {
    const next = new Set(props.chosen)
    if (on) {
      next.add(personKey(person))
    } else {
      next.delete(personKey(person))
    }
    props.onChange(next)
  }

  return (
    <>
      <Field label="Find people" hint="Crew and vendors by name" error={props.error}>
        <TextInput
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field>
      <fieldset className="ui-stack ui-pick-list">
        <legend className="ui-label">{props.legend}</legend>
        {shown.length === 0 && <p className="ui-muted">Nobody matches.</p>}
        {shown.map((person) => (
          <Checkbox
            key={personKey(person)}
            label={`${person.name} (${person.resourceType === 'crew' ? 'crew' : 'vendor'})`}
            checked={props.chosen.has(personKey(person))}
            onChange={(event) => toggle(person, event.target.checked)}
          />
        ))}
      </fieldset>
    </>
  )
}
