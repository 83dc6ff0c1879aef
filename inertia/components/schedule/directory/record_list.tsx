import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { AutoSave } from '~/components/shared/use_auto_save'
import { describedBy } from '~/components/shared/save_feedback'
import { Badge } from '~/components/shared/ui/badge'
import { classNames } from '~/components/shared/ui/class_names'
import { StarIcon } from '~/components/shared/ui/icons'
import { SaveStatusBeside } from '~/components/schedule/save_status'
import type { Lookups } from '~/components/schedule/lookups'
import type { DirectoryRecord, DirectoryTab } from './tabs_config'

/** Fixed, so the virtual list knows where each row is: a name, a summary line and a finger-tall star. */
const ROW_HEIGHT = 64
/** The scroller's top and bottom border (schedule.css), so a short list needs no scrollbar. */
const SCROLLER_BORDERS = 2

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
  /** The star's saving, kept by the page so it outlives rows scrolled out of view. */
  star: (record: DirectoryRecord) => AutoSave<boolean>
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
    <div
      ref={scroller}
      className="sc-record-scroller"
      role="list"
      aria-label={props.tab.label}
      // As tall as its rows, up to the stylesheet's max-height; a fixed height keeps the list quick.
      style={{ height: virtualizer.getTotalSize() + SCROLLER_BORDERS }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const record = props.records[row.index]
          const selected = record.id === props.selectedId
          const star = props.tab.starred ? props.star(record) : null
          const badge = props.tab.badge?.(record, props.lookups)
          return (
            <div
              key={record.id}
              role="listitem"
              className={classNames('sc-record-row', selected && 'is-selected')}
              style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
            >
              {star && <StarButton record={record} save={star} />}
              <button
                type="button"
                className="sc-record-open"
                aria-current={selected ? 'true' : undefined}
                onClick={() => props.onSelect(record)}
              >
                <span className="sc-record-name">{record.name}</span>
                <span className="sc-record-summary">
                  {badge && <Badge>{badge}</Badge>} {props.tab.summary(record, props.lookups)}
                </span>
              </button>
              {star && <StarRefusal record={record} save={star} />}
            </div>
          )
        })}
      </div>
    </div>
  )
}

function starErrorId(record: DirectoryRecord) {
  return `star-${record.id}-error`
}

/**
 * Shows the star as last clicked; a click while a save is on its way waits
 * for it, and only the last click is sent after it.
 */
function StarButton(props: { record: DirectoryRecord; save: AutoSave<boolean> }) {
  const { record, save } = props
  const starred = save.value
  return (
    <button
      type="button"
      className={classNames(
        'ui-icon-button',
        'sc-star',
        starred && 'sc-starred',
        save.status.state === 'saving' && 'sc-star-saving',
        save.status.state === 'failed' && 'sc-star-failed'
      )}
      aria-pressed={starred}
      aria-label={`Star ${record.name}`}
      aria-busy={save.status.state === 'saving' || undefined}
      onClick={() => {
        save.change(!starred)
        save.commit(!starred)
      }}
      {...describedBy(save.status, starErrorId(record))}
    >
      <StarIcon size={20} fill={starred ? 'currentColor' : 'none'} />
    </button>
  )
}

/** A refused star, at the end of its row: what was not stored, the server's reason, and Retry. */
function StarRefusal(props: { record: DirectoryRecord; save: AutoSave<boolean> }) {
  const { status } = props.save
  if (status.state !== 'failed') {
    return null
  }
  const what = props.save.value ? 'Not starred' : 'Not unstarred'
  return (
    <span className="sc-record-refusal">
      <SaveStatusBeside
        status={{ ...status, message: `${what}: ${status.message}` }}
        errorId={starErrorId(props.record)}
        onRetry={props.save.retry}
      />
    </span>
  )
}
