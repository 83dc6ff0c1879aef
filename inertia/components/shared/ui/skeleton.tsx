import type { CSSProperties } from 'react'
import { classNames } from './class_names'

/** A grey block where content is on its way; hidden from screen readers. */
export function Skeleton({
  width,
  height = '1rem',
  round = false,
}: {
  width?: CSSProperties['width']
  height?: CSSProperties['height']
  round?: boolean
}) {
  return (
    <span
      className={classNames('ui-skeleton', round && 'ui-skeleton-round')}
      style={{ width, height }}
      aria-hidden="true"
    />
  )
}

/**
 * Lines of placeholder text for a loading area. The wrapper says "Loading…"
 * to screen readers once, instead of nothing or a flash of an empty state.
 */
export function SkeletonText({
  lines = 3,
  label = 'Loading…',
}: {
  lines?: number
  label?: string
}) {
  return (
    <div className="ui-skeleton-text" role="status" aria-busy="true">
      <span className="ui-visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </div>
  )
}
