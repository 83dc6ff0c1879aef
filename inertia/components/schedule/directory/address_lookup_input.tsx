import { useEffect, useRef, useState } from 'react'
import { useCombobox } from 'downshift'
import { api, ApiError, errorMessage } from '~/components/shared/api'
import { classNames } from '~/components/shared/ui/class_names'
import { useFieldControl } from '~/components/shared/ui/field'
import { Spinner } from '~/components/shared/ui/icons'
import { mapsFeatures } from '~/components/schedule/maps_features'

type Suggestion = { placeId: string; mainText: string; secondaryText: string | null }
type PlaceDetails = { address: string | null; lat: number | null; lng: number | null }

/** What picking a place fills in. */
export type PickedPlace = { address: string; lat: number | null; lng: number | null }

/** Wait this long after the last keystroke before asking (each lookup is billed). */
const DEBOUNCE_MS = 300
const MIN_LENGTH = 3

/**
 * An address field that suggests places as one types (through the app's
 * /api/places proxy, so the Maps key stays on the server). The text stays
 * free: without a pick, or with lookup off, what is typed is the address.
 * Suggestions and the chosen place's details share one session token, which
 * Google bills as one lookup.
 */
export function AddressLookupInput(props: {
  value: string
  onChange: (value: string) => void
  onPick: (place: PickedPlace) => void
  maxLength?: number
}) {
  const field = useFieldControl()
  const [enabled, setEnabled] = useState<boolean | null>(null)
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [loading, setLoading] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  // The field's own text, so fast typing never races the form's state. It
  // starts from the form's value; the form remounts for another record.
  const [text, setText] = useState(props.value)
  const sessionToken = useRef<string | null>(null)
  const latestQuery = useRef('')

  useEffect(() => {
    let live = true
    void mapsFeatures().then((on) => live && setEnabled(on.addressLookup))
    return () => {
      live = false
    }
  }, [])

  // Debounced: ask only once typing pauses, and keep only the latest answer.
  const [query, setQuery] = useState('')
  useEffect(() => {
    if (!enabled || query.trim().length < MIN_LENGTH) {
      return
    }
    const timer = setTimeout(async () => {
      sessionToken.current ??= crypto.randomUUID()
      latestQuery.current = query
      setLoading(true)
      try {
        const params = new URLSearchParams({ q: query.trim(), sessionToken: sessionToken.current })
        const found = await api<Suggestion[]>('GET', `/api/places/autocomplete?${params}`)
        if (latestQuery.current === query) {
          setSuggestions(found)
          setProblem(null)
        }
      } catch (error) {
        setSuggestions([])
        if (
          error instanceof ApiError &&
          error.status === 503 &&
          /not configured/.test(error.message)
        ) {
          setEnabled(false)
        } else {
          setProblem(`Address suggestions are unavailable: ${errorMessage(error)}`)
        }
      } finally {
        setLoading(false)
      }
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query, enabled])

  function onTyped(value: string) {
    setText(value)
    props.onChange(value)
    setQuery(value)
    if (value.trim().length < MIN_LENGTH) setSuggestions([])
  }

  async function pick(suggestion: Suggestion) {
    const typed = [suggestion.mainText, suggestion.secondaryText].filter(Boolean).join(', ')
    setText(typed)
    props.onChange(typed)
    setSuggestions([])
    try {
      const params = new URLSearchParams({ placeId: suggestion.placeId })
      if (sessionToken.current) params.set('sessionToken', sessionToken.current)
      const place = await api<PlaceDetails>('GET', `/api/places/details?${params}`)
      setText(place.address ?? typed)
      props.onPick({ address: place.address ?? typed, lat: place.lat, lng: place.lng })
      setProblem(null)
    } catch (error) {
      setProblem(`The place's details could not be fetched: ${errorMessage(error)}`)
    } finally {
      // The details request ends the billing session: the next search starts a new one.
      sessionToken.current = null
    }
  }

  const combobox = useCombobox<Suggestion>({
    items: suggestions,
    selectedItem: null,
    inputValue: text,
    inputId: field?.id,
    labelId: field?.labelId,
    itemToString: (item) => (item ? item.mainText : ''),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) void pick(selectedItem)
    },
    // Free text: leaving the field keeps what was typed.
    stateReducer: (_state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputBlur ? { ...changes, inputValue: text } : changes,
  })

  const hintId = field ? `${field.id}-lookup` : undefined
  const open = combobox.isOpen && suggestions.length > 0
  return (
    <div className={classNames('ui-combobox', open && 'is-open')}>
      <div className="ui-input-group">
        <input
          className="ui-input"
          maxLength={props.maxLength}
          aria-invalid={field?.invalid || undefined}
          aria-busy={loading || undefined}
          {...combobox.getInputProps({
            'aria-describedby': [field?.describedBy, hintId].filter(Boolean).join(' ') || undefined,
            // In the input's own change event, so React keeps every keystroke.
            'onChange': (event) => onTyped(event.currentTarget.value),
          })}
        />
        {loading && (
          <span className="ui-input-addon-button" aria-hidden="true">
            <Spinner />
          </span>
        )}
      </div>
      <ul
        className={classNames('ui-popover', 'ui-combobox-list', !open && 'is-hidden')}
        {...combobox.getMenuProps()}
      >
        {open &&
          suggestions.map((item, index) => (
            <li
              key={item.placeId}
              className={classNames(
                'ui-option',
                combobox.highlightedIndex === index && 'is-highlighted'
              )}
              {...combobox.getItemProps({ item, index })}
            >
              <span>
                {item.mainText}
                {item.secondaryText && (
                  <span className="ui-option-detail"> {item.secondaryText}</span>
                )}
              </span>
            </li>
          ))}
      </ul>
      <p id={hintId} className="ui-field-hint" role={problem ? 'alert' : undefined}>
        {problem ??
          (enabled === false
            ? 'Address lookup is off (no Maps key on the server): type the address.'
            : enabled
              ? 'Type an address and pick a suggestion to fill in its coordinates.'
              : '')}
      </p>
    </div>
  )
}
