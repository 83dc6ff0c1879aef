import { useCallback, useState } from 'react'
import { router } from '@inertiajs/react'
import { today } from '~/components/shared/dates'
import type { Data } from '~generated/data'
import type { Lookups } from '~/components/schedule/lookups'
import { CalendarToolbar } from './calendar_toolbar'
import { FirstStart, type CalendarSetup } from './first_start'
import type { CalendarPlace, ShownPlace } from './calendar_url'
import type { CalendarBar, Conflict, PeopleData, ProductionData } from './calendar_types'
import { PeopleCalendar } from './people_calendar'
import { PeopleYear } from './people_year'
import { PeopleDayProduction } from './production_day'
import { ProjectsCalendar } from './projects_calendar'
import { ProjectsDay } from './projects_day'
import { ProjectsYear } from './projects_year'
import { RANGE_PROPS } from './use_range_data'

/**
 * What the server sends for the place in the address: `place` with the
 * visible days, and the data the view draws (the server leaves out the
 * rest).
 */
export type CalendarData = {
  place: ShownPlace
  setup?: CalendarSetup
  people?: PeopleData
  projects?: CalendarBar[]
  conflicts?: Conflict[]
  production?: ProductionData
}

/**
 * The calendar: five views in two modes, at the place the address names.
 * Moving is an Inertia visit that reloads only the view's data. `clients`
 * are for the new-project dialog.
 */
export function Calendar(
  props: CalendarData & { lookups: Lookups; clients: Data.Schedule.Client[] }
) {
  const { place } = props
  const range = { from: place.from, to: place.to }
  const [moving, setMoving] = useState(false)
  const { statuses, projectStatuses } = props.lookups

  const go = useCallback(
    (change: Partial<CalendarPlace>) => {
      const next: Partial<CalendarPlace> = {
        view: place.view,
        mode: place.mode,
        date: place.date,
        ...change,
      }
      // Today needs no date in the address: that is where the people month starts at this week.
      if (next.date === today()) delete next.date
      router.get('/calendar', next, {
        only: RANGE_PROPS,
        preserveState: true,
        preserveScroll: true,
        replace: true,
        onStart: () => setMoving(true),
        onFinish: () => setMoving(false),
      })
    },
    [place.view, place.mode, place.date]
  )

  function body() {
    if (place.mode === 'people') {
      if (place.view === 'year') {
        return (
          <PeopleYear
            anchor={place.date}
            range={range}
            data={props.people ?? null}
            go={go}
            ready={!moving}
          />
        )
      }
      return (
        <>
          <PeopleCalendar
            view={place.view}
            range={range}
            data={props.people ?? null}
            statuses={statuses}
            ready={!moving}
          />
          {place.view === 'day' && (
            <PeopleDayProduction
              date={place.date}
              projects={props.people?.projects ?? []}
              production={props.production ?? null}
            />
          )}
        </>
      )
    }
    if (place.view === 'year') {
      return (
        <ProjectsYear
          anchor={place.date}
          range={range}
          projects={props.projects ?? null}
          conflicts={props.conflicts ?? null}
          go={go}
          ready={!moving}
        />
      )
    }
    if (place.view === 'day') {
      return (
        <ProjectsDay
          date={place.date}
          data={props.people ?? null}
          production={props.production ?? null}
          statuses={statuses}
        />
      )
    }
    return (
      <ProjectsCalendar
        setup={props.setup}
        lookups={props.lookups}
        view={place.view}
        anchor={place.date}
        range={range}
        projects={props.projects ?? null}
        conflicts={props.conflicts ?? null}
        production={props.production ?? null}
        clients={props.clients}
        projectStatuses={projectStatuses}
        ready={!moving}
      />
    )
  }

  // The projects weeks draw the first steps themselves, next to their new-project dialog.
  const weeks = place.mode === 'projects' && place.view !== 'year' && place.view !== 'day'
  return (
    <div className="cal">
      <CalendarToolbar place={place} go={go} />
      {!weeks && props.setup && !props.setup.hasProjects && (
        <FirstStart
          setup={props.setup}
          lookups={props.lookups}
          onNewProject={() => go({ mode: 'projects', view: 'month' })}
        />
      )}
      {body()}
    </div>
  )
}
