import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Lookups } from '../lookups'
import type { DirectoryRecord, DirectoryTab } from './tabs_config'

const ROW_HEIGHT = 56

/**
 * The tab's records as a scrolling list that only renders the rows in view
 * (hundreds of crew stay quick). Clicking a row opens it.
 */
export function RecordList(props: {
  tab: DirectoryTab
  records: DirectoryRecord[]
  lookups: Lookups
  selectedId: number | null
  onSelect: (record: DirectoryRecord) => void
  onStar: (record: DirectoryRecord) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  // TanStack Virtual's hook is meant to re-run each render; the warning only says the compiler skips it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: props.records.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  })

  return (
    <div ref={scroller} className="sc-record-scroller" role="list" aria-label={props.tab.label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const record = props.records[row.index]
          const selected = record.id === props.selectedId
          return (
            <div
              key={record.id}
              role="listitem"
              className={selected ? 'sc-record-row sc-selected' : 'sc-record-row'}
              style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
            >
              {props.tab.starred && (
                <button
                  type="button"
                  className={record.starred ? 'sc-star sc-starred' : 'sc-star'}
                  aria-pressed={Boolean(record.starred)}
                  aria-label={`Star ${record.name}`}
                  onClick={() => props.onStar(record)}
                >
                  {record.starred ? '★' : '☆'}
                </button>
              )}
              <button
                type="button"
                className="sc-record-open"
                aria-current={selected ? 'true' : undefined}
                onClick={() => props.onSelect(record)}
              >
                <span className="sc-record-name">{record.name}</span>
                <span className="sc-record-summary muted small">
                  {props.tab.summary(record, props.lookups)}
                </span>
              </button>
            </div>
          )
        })}
      </div>
    </div>
  )
}
