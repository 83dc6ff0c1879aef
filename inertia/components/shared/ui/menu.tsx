import type { ReactNode } from 'react'
import { DropdownMenu } from 'radix-ui'
import { classNames } from './class_names'

export type MenuItem =
  | {
      label: string
      icon?: ReactNode
      onSelect: () => void
      tone?: 'danger'
      disabled?: boolean
    }
  | {
      label: string
      icon?: ReactNode
      href: string
      tone?: 'danger'
      /** The link is a file to save (an export), not a page to open. */
      download?: boolean
    }
  | 'separator'

export type MenuProps = {
  /** The button that opens it; an icon-only one needs an aria-label. */
  trigger: ReactNode
  items: MenuItem[]
  align?: 'start' | 'end'
}

/** A list of actions under a button (Radix DropdownMenu: arrows, typeahead, Escape). */
export function Menu({ trigger, items, align = 'end' }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ui-popover ui-menu" align={align} sideOffset={4}>
          {items.map((item, index) => {
            if (item === 'separator') {
              return (
                <DropdownMenu.Separator key={`separator-${index}`} className="ui-menu-separator" />
              )
            }
            const className = classNames('ui-option', item.tone === 'danger' && 'ui-option-danger')
            if ('href' in item) {
              return (
                <DropdownMenu.Item key={item.label} asChild className={className}>
                  <a href={item.href} download={item.download ? '' : undefined}>
                    {item.icon}
                    <span>{item.label}</span>
                  </a>
                </DropdownMenu.Item>
              )
            }
            return (
              <DropdownMenu.Item
                key={item.label}
                className={className}
                disabled={item.disabled}
                onSelect={item.onSelect}
              >
                {item.icon}
                <span>{item.label}</span>
              </DropdownMenu.Item>
            )
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
