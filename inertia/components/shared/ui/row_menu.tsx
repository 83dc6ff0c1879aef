import { Button } from './button'
import { MoreIcon } from './icons'
import { Menu, type MenuItem } from './menu'

/**
 * A table row's actions when there are more than two: one small "⋯" button
 * named after the row ("Actions for Transfer"), so a screen reader user
 * knows which row it acts on, opening a Menu.
 */
export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <Menu
      items={items}
      trigger={
        <Button
          variant="secondary"
          size="small"
          icon={<MoreIcon size={16} />}
          aria-label={`Actions for ${label}`}
        />
      }
    />
  )
}
