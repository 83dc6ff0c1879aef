import { ToggleGroup } from 'radix-ui'
import { classNames } from './class_names'

export type SegmentOption = { value: string; label: string }

export type SegmentedControlProps = {
  /** Names the choice for screen readers ("View", "Mode"). */
  label: string
  value: string
  onValueChange: (value: string) => void
  options: SegmentOption[]
  className?: string
}

/**
 * One of a few options side by side, the chosen one filled (Radix ToggleGroup:
 * a radio group, arrow keys move between options). For switching how the
 * same content is shown (a calendar's view or mode); Tabs are for separate
 * panels of content.
 */
export function SegmentedControl({
  label,
  value,
  onValueChange,
  options,
  className,
}: SegmentedControlProps) {
  return (
    <ToggleGroup.Root
      type="single"
      className={classNames('ui-segmented', className)}
      aria-label={label}
      value={value}
      // Pressing the chosen option again would leave none chosen: keep it.
      onValueChange={(next) => next && onValueChange(next)}
    >
      {options.map((option) => (
        <ToggleGroup.Item key={option.value} value={option.value} className="ui-segment">
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  )
}
