import { useCallback, useEffect, useState } from 'react'
import { isIsoDate, today } from '~/components/shared/dates'
import { MODES, VIEWS, type CalendarMode, type CalendarView } from './calendar_dates'

export type CalendarPlace = { view: CalendarView; mode: CalendarMode; date: string }

/** Where the calendar opens when the address names no view or mode. */
export type CalendarDefaults = { view: CalendarView; mode: CalendarMode }

function readPlace(defaults: CalendarDefaults): CalendarPlace {
  const query = new URLSearchParams(window.location.search)
  const view = query.get('view')
  const mode = query.get('mode')
  const date = query.get('date')
  return {
    view: (VIEWS as readonly string[]).includes(view ?? '')
      ? (view as CalendarView)
      : defaults.view,
    mode: (MODES as readonly string[]).includes(mode ?? '')
      ? (mode as CalendarMode)
      : defaults.mode,
    date: isIsoDate(date) ? date : today(),
  }
}

/**
 * Which view, mode and date the calendar shows, kept in the address
 * (?view=month&mode=people&date=2026-11-01) so a reload or a shared link
 * opens the same place. The address is replaced, not pushed: Inertia owns
 * the history entries.
 */
export function useCalendarPlace(defaults: CalendarDefaults) {
  const [place, setPlace] = useState<CalendarPlace>(() => readPlace(defaults))

  useEffect(() => {
    const url = new URL(window.location.href)
    url.searchParams.set('view', place.view)
    url.searchParams.set('mode', place.mode)
    url.searchParams.set('date', place.date)
    const next = `${url.pathname}${url.search}${url.hash}`
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', next)
    }
  }, [place])

  const go = useCallback((change: Partial<CalendarPlace>) => {
    setPlace((current) => ({ ...current, ...change }))
  }, [])

  return { place, go }
}
