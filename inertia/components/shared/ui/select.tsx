import { Select as RadixSelect } from 'radix-ui'
import { classNames } from './class_names'
import { useFieldControl } from './field'
import { CheckIcon, ChevronDownIcon } from './icons'

export type SelectOption = { value: string; label: string; disabled?: boolean }

export type SelectProps = {
  'value': string | undefined
  'onValueChange': (value: string) => void
  'options': SelectOption[]
  'placeholder'?: string
  'name'?: string
  'disabled'?: boolean
  'className'?: string
  'aria-label'?: string
}

/**
 * A list to pick one value from (Radix Select: keyboard, typeahead and screen
 * readers handled). Inside a Field the label names it. Option values must not
 * be empty strings (Radix keeps '' for "nothing chosen"): use the placeholder.
 */
export function Select({
  value,
  onValueChange,
  options,
  placeholder = 'Choose…',
  name,
  disabled,
  className,
  ...aria
}: SelectProps) {
  const field = useFieldControl()
  return (
    // Radix shows the placeholder for an empty value; undefined would make it uncontrolled.
    <RadixSelect.Root
      value={value ?? ''}
      onValueChange={onValueChange}
      name={name}
      disabled={disabled}
    >
      <RadixSelect.Trigger
        id={field?.id}
        className={classNames('ui-input', 'ui-select-trigger', className)}
        aria-label={aria['aria-label']}
        aria-describedby={field?.describedBy}
        aria-invalid={field?.invalid || undefined}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="ui-select-icon">
          <ChevronDownIcon size={18} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          className="ui-popover ui-select-content"
          position="popper"
          sideOffset={4}
        >
          <RadixSelect.Viewport className="ui-select-viewport">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="ui-option"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="ui-option-check">
                  <CheckIcon size={16} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
