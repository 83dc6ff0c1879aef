import type { Data } from '~generated/data'
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
  clients,
  ...data
}: CalendarData & {
  user: SessionUser
  preferences: CalendarPreferences
  lookups: Lookups
  /** For the new-project dialog; moving to another range does not reload them. */
  clients: Data.Schedule.Client[]
}) {
  setWeekStartsOn(preferences.weekStartsOn)
  return (
    <ScheduleShell user={user} title="Calendar" width="full">
      <Calendar {...data} lookups={lookups} clients={clients} />
    </ScheduleShell>
  )
}
