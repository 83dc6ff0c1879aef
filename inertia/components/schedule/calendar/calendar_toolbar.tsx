import { lazy, Suspense } from 'react'
import { today } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/shared/ui/icons'
import { SegmentedControl } from '~/components/shared/ui/segmented_control'
import { Skeleton } from '~/components/shared/ui/skeleton'
import {
  MODES,
  VIEWS,
  VIEW_LABELS,
  stepAnchor,
  stepName,
  viewTitle,
  type CalendarMode,
  type CalendarView,
} from './calendar_dates'
import type { CalendarPlace, ShownPlace } from './calendar_url'
import { BulkExportMenu } from '~/components/schedule/exports/export_menu'

/*
 * The date picker (react-day-picker and its styles) loads after the first
 * render: it is not needed to show the month, and the people month's time
 * to data on screen must not grow by its code.
 */
const DatePicker = lazy(() =>
  import('~/components/shared/ui/date_picker').then((module) => ({ default: module.DatePicker }))
)

const MODE_LABELS: Record<CalendarMode, string> = { projects: 'Projects', people: 'People' }
const VIEW_OPTIONS = VIEWS.map((view) => ({ value: view, label: VIEW_LABELS[view] }))
const MODE_OPTIONS = MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))

/** The page's title (the days shown), then today, previous, next, a date, the view, the mode and Export. */
export function CalendarToolbar(props: {
  place: ShownPlace
  go: (change: Partial<CalendarPlace>) => void
}) {
  const { place, go } = props
  const step = stepName(place.view)
  return (
    <div className="cal-toolbar">
      <h1 className="cal-title">
        {viewTitle(place.view, place.date, place.mode, place.startsThisWeek)}
      </h1>
      <div className="cal-toolbar-group" role="group" aria-label="Dates">
        <Button variant="secondary" onClick={() => go({ date: today() })}>
          Today
        </Button>
        <Button
          variant="secondary"
          className="cal-step"
          aria-label={`Previous ${step}`}
          icon={<ChevronLeftIcon size={18} />}
          onClick={() => go({ date: stepAnchor(place.view, place.date, -1) })}
        />
        <Button
          variant="secondary"
          className="cal-step"
          aria-label={`Next ${step}`}
          icon={<ChevronRightIcon size={18} />}
          onClick={() => go({ date: stepAnchor(place.view, place.date, 1) })}
        />
        <div className="cal-date">
          <Suspense fallback={<Skeleton width="100%" height="var(--ui-control-height)" />}>
            <DatePicker
              aria-label="Date"
              value={place.date}
              onChange={(date) => {
                if (date) go({ date })
              }}
            />
          </Suspense>
        </div>
      </div>
      <div className="cal-toolbar-group">
        <SegmentedControl
          label="View"
          value={place.view}
          options={VIEW_OPTIONS}
          onValueChange={(view) => go({ view: view as CalendarView })}
        />
        <SegmentedControl
          label="Mode"
          value={place.mode}
          options={MODE_OPTIONS}
          onValueChange={(mode) => go({ mode: mode as CalendarMode })}
        />
        {/* The projects of the days on screen. */}
        <BulkExportMenu kind="projects" filters={{ from: place.from, to: place.to }} />
      </div>
    </div>
  )
}
