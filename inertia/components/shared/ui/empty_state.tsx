import type { ReactNode } from 'react'
import { InboxIcon } from './icons'

export type EmptyStateProps = {
  icon?: ReactNode
  title: string
  /** What this page is for, so a first visit knows what to do. */
  description: ReactNode
  /** The first step (a Button or ButtonLink). */
  action?: ReactNode
  /** Headings follow the page's outline: h2 under the page's h1 by default. */
  headingLevel?: 2 | 3
}

/** In place of an empty list: what goes here, and how to add the first one. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className="ui-empty">
      <div className="ui-empty-icon">{icon ?? <InboxIcon size={32} />}</div>
      <Heading className="ui-empty-title">{title}</Heading>
      <p className="ui-empty-description">{description}</p>
      {action && <div className="ui-empty-action">{action}</div>}
    </div>
  )
}
