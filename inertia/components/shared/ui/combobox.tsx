import { useState, type ReactNode } from 'react'
import { useCombobox } from 'downshift'
import { classNames } from './class_names'
import { useFieldControl } from './field'
import { CheckIcon, ChevronDownIcon, Spinner } from './icons'

export type ComboboxProps<Item> = {
  /**
   * The choices for what is typed. A page that searches on the server passes
   * the latest answer and sets `loading` while asking; a fixed list is
   * filtered here (see `filter`).
   */
  'items': Item[]
  'selectedItem': Item | null
  'onSelectedItemChange': (item: Item | null) => void
  /** The text of an item, in the list and in the field once chosen. */
  'itemToString': (item: Item | null) => string
  'itemKey': (item: Item) => string
  /** Told what is typed, e.g. to search on the server. */
  'onInputValueChange'?: (text: string) => void
  /**
   * Narrow the items to what is typed. Defaults to "contains, ignoring case"
   * on itemToString; pass `false` when the server already did.
   */
  'filter'?: ((item: Item, text: string) => boolean) | false
  'renderItem'?: (item: Item) => ReactNode
  'loading'?: boolean
  /** Said when nothing matches what is typed. */
  'emptyText'?: string
  'placeholder'?: string
  'disabled'?: boolean
  'name'?: string
  'aria-label'?: string
}

function contains<Item>(itemToString: (item: Item | null) => string) {
  return (item: Item, text: string) =>
    itemToString(item).toLocaleLowerCase().includes(text.trim().toLocaleLowerCase())
}

/**
 * Type to filter, arrows to move, Enter to choose, Escape to close (and a
 * second Escape to clear): downshift's combobox with its aria wiring, inside
 * a Field it is labelled and described by the Field.
 */
export function Combobox<Item>({
  items,
  selectedItem,
  onSelectedItemChange,
  itemToString,
  itemKey,
  onInputValueChange,
  filter,
  renderItem,
  loading = false,
  emptyText = 'Nothing matches',
  placeholder,
  disabled,
  name,
  ...aria
}: ComboboxProps<Item>) {
  const field = useFieldControl()
  const [text, setText] = useState(() => itemToString(selectedItem))
  // A choice changed by the page (a form reset after saving) shows in the field.
  const [shownItem, setShownItem] = useState(selectedItem)
  if (shownItem !== selectedItem) {
    setShownItem(selectedItem)
    setText(itemToString(selectedItem))
  }
  const narrow = filter === false ? null : (filter ?? contains(itemToString))
  // While the field shows the chosen item's text, the whole list is offered.
  const typed = text !== itemToString(selectedItem)
  const shown = narrow && typed ? items.filter((item) => narrow(item, text)) : items
  const combobox = useCombobox<Item>({
    items: shown,
    selectedItem,
    itemToString: (item) => itemToString(item),
    inputValue: text,
    inputId: field?.id,
    labelId: field?.labelId,
    onInputValueChange: ({ inputValue }) => {
      setText(inputValue)
      onInputValueChange?.(inputValue)
    },
    onSelectedItemChange: ({ selectedItem: chosen }) => {
      onSelectedItemChange(chosen ?? null)
    },
  })
  return (
    <div className={classNames('ui-combobox', combobox.isOpen && 'is-open')}>
      <div className="ui-input-group">
        <input
          className="ui-input"
          placeholder={placeholder}
          disabled={disabled}
          name={name}
          aria-describedby={field?.describedBy}
          aria-invalid={field?.invalid || undefined}
          aria-busy={loading || undefined}
          {...combobox.getInputProps(
            // Without a Field there is no label element to point at.
            field ? {} : { 'aria-label': aria['aria-label'], 'aria-labelledby': undefined }
          )}
        />
        <button
          type="button"
          className="ui-input-addon-button"
          aria-label="Show choices"
          tabIndex={-1}
          disabled={disabled}
          {...combobox.getToggleButtonProps()}
        >
          {loading ? <Spinner /> : <ChevronDownIcon size={18} />}
        </button>
      </div>
      <ul
        className={classNames('ui-popover', 'ui-combobox-list', !combobox.isOpen && 'is-hidden')}
        {...combobox.getMenuProps(field ? {} : { 'aria-label': aria['aria-label'] })}
      >
        {combobox.isOpen &&
          shown.map((item, index) => (
            <li
              key={itemKey(item)}
              className={classNames(
                'ui-option',
                combobox.highlightedIndex === index && 'is-highlighted'
              )}
              {...combobox.getItemProps({ item, index })}
            >
              <span>{renderItem ? renderItem(item) : itemToString(item)}</span>
              {selectedItem !== null && itemKey(selectedItem) === itemKey(item) && (
                <CheckIcon size={16} className="ui-option-check" />
              )}
            </li>
          ))}
        {combobox.isOpen && shown.length === 0 && (
          <li className="ui-option-empty" role="presentation">
            {loading ? 'Searching…' : emptyText}
          </li>
        )}
      </ul>
    </div>
  )
}
