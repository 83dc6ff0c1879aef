import { useMemo } from 'react'
import { visibleRange } from './calendar_dates'
import { CalendarToolbar } from './calendar_toolbar'
import { useCalendarPlace, type CalendarDefaults } from './calendar_url'
import { PeopleCalendar } from './people_calendar'
import { PeopleYear } from './people_year'
import { ProjectsCalendar } from './projects_calendar'
import { ProjectsDay } from './projects_day'
import { ProjectsYear } from './projects_year'
import { useStatuses } from './use_api_data'

/** The calendar: five views in two modes, at the place the address names. */
export function Calendar({ defaults }: { defaults: CalendarDefaults }) {
  const { place, go } = useCalendarPlace(defaults)
  const { statuses, projectStatuses } = useStatuses()
  const range = useMemo(
    () => visibleRange(place.view, place.date, place.mode),
    [place.view, place.date, place.mode]
  )

  function body() {
    if (place.mode === 'people') {
      if (place.view === 'year') {
        return <PeopleYear anchor={place.date} range={range} go={go} />
      }
      return <PeopleCalendar view={place.view} range={range} statuses={statuses} />
    }
    if (place.view === 'year') {
      return <ProjectsYear anchor={place.date} range={range} go={go} />
    }
    if (place.view === 'day') {
      return <ProjectsDay date={place.date} statuses={statuses} />
    }
    return (
      <ProjectsCalendar
        view={place.view}
        anchor={place.date}
        range={range}
        projectStatuses={projectStatuses}
      />
    )
  }

  return (
    <div className="cal">
      <CalendarToolbar place={place} go={go} />
      {body()}
    </div>
  )
}
