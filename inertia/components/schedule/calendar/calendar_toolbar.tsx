import { isIsoDate, today } from '~/components/shared/dates'
import { MODES, VIEWS, VIEW_LABELS, stepAnchor, stepName, viewTitle } from './calendar_dates'
import type { CalendarPlace, ShownPlace } from './calendar_url'

const MODE_LABELS = { projects: 'Projects', people: 'People' }

/** Today, previous, next, a date, the view and the mode. */
export function CalendarToolbar(props: {
  place: ShownPlace
  go: (change: Partial<CalendarPlace>) => void
}) {
  const { place, go } = props
  const step = stepName(place.view)
  return (
    <div className="cal-toolbar">
      <div className="cal-toolbar-group" role="group" aria-label="Dates">
        <button type="button" className="secondary" onClick={() => go({ date: today() })}>
          Today
        </button>
        <button
          type="button"
          className="secondary"
          aria-label={`Previous ${step}`}
          onClick={() => go({ date: stepAnchor(place.view, place.date, -1) })}
        >
          ‹
        </button>
        <button
          type="button"
          className="secondary"
          aria-label={`Next ${step}`}
          onClick={() => go({ date: stepAnchor(place.view, place.date, 1) })}
        >
          ›
        </button>
        <label className="cal-hidden" htmlFor="cal-date">
          Date
        </label>
        <input
          id="cal-date"
          type="date"
          value={place.date}
          onChange={(event) => {
            if (isIsoDate(event.target.value)) go({ date: event.target.value })
          }}
        />
      </div>
      <h1 className="cal-title">
        {viewTitle(place.view, place.date, place.mode, place.startsThisWeek)}
      </h1>
      <div className="cal-toolbar-group cal-switch" role="group" aria-label="View">
        {VIEWS.map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={place.view === view}
            onClick={() => go({ view })}
          >
            {VIEW_LABELS[view]}
          </button>
        ))}
      </div>
      <div className="cal-toolbar-group cal-switch" role="group" aria-label="Mode">
        {MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={place.mode === mode}
            onClick={() => go({ mode })}
          >
            {MODE_LABELS[mode]}
          </button>
        ))}
      </div>
    </div>
  )
}
