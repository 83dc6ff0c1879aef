import type { ReactNode } from 'react'
import { Tabs as RadixTabs } from 'radix-ui'

export type TabItem = { value: string; label: ReactNode; content: ReactNode }

export type TabsProps = {
  items: TabItem[]
  /** Controlled: the open tab (e.g. kept in the address). */
  value?: string
  onValueChange?: (value: string) => void
  defaultValue?: string
  /** Names the tab list ("Project sections"). */
  label: string
}

/**
 * Tabs (Radix): arrow keys move between tabs, Tab moves into the panel.
 * The panels share one width, so the page does not jump between tabs.
 */
export function Tabs({ items, value, onValueChange, defaultValue, label }: TabsProps) {
  return (
    <RadixTabs.Root
      className="ui-tabs"
      value={value}
      onValueChange={onValueChange}
      defaultValue={defaultValue ?? items[0]?.value}
    >
      <RadixTabs.List className="ui-tab-list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="ui-tab">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="ui-tab-panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  )
}
