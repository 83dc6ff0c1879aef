import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { ChevronRightIcon } from './icons'

export type LinkListItem = {
  key: string
  /** Where the row leads; or `onSelect` for a row that acts in place (opens a folder). */
  href?: string
  onSelect?: () => void
  title: ReactNode
  /** A second line: where it leads, what it holds. */
  detail?: ReactNode
  /** Another app or a page outside Inertia: a full page load. */
  native?: boolean
}

/**
 * A list of places to go, each a whole-row link with a title and a detail
 * line (the apps a person can open, recent projects). Rows are at least
 * 44 px high, so they are easy to hit on a phone.
 */
export function LinkList({ label, items }: { label: string; items: LinkListItem[] }) {
  return (
    <ul className="ui-link-list" aria-label={label}>
      {items.map((item) => {
        const content = (
          <>
            <span className="ui-link-list-text">
              <span className="ui-link-list-title">{item.title}</span>
              {item.detail && <span className="ui-link-list-detail">{item.detail}</span>}
            </span>
            <ChevronRightIcon size={18} />
          </>
        )
        return (
          <li key={item.key}>
            {item.onSelect ? (
              <button type="button" className="ui-link-list-link" onClick={item.onSelect}>
                {content}
              </button>
            ) : item.native ? (
              <a className="ui-link-list-link" href={item.href}>
                {content}
              </a>
            ) : (
              <Link className="ui-link-list-link" href={item.href!}>
                {content}
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}
