import { Calendar, type CalendarData } from '~/components/schedule/calendar/calendar'
import {
  setWeekStartsOn,
  type CalendarMode,
  type CalendarView,
} from '~/components/schedule/calendar/calendar_dates'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import type { Lookups } from '~/components/schedule/lookups'

type CalendarPreferences = {
  weekStartsOn: 0 | 1
  defaultView: CalendarView
  defaultMode: CalendarMode
}

export default function CalendarPage({
  user,
  preferences,
  lookups,
  ...data
}: CalendarData & {
  user: SessionUser
  preferences: CalendarPreferences
  lookups: Lookups
}) {
  setWeekStartsOn(preferences.weekStartsOn)
  return (
    <ScheduleShell user={user} title="Calendar">
      <Calendar {...data} lookups={lookups} />
    </ScheduleShell>
  )
}
