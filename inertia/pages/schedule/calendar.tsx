import { Calendar } from '~/components/schedule/calendar/calendar'
import { setWeekStartsOn } from '~/components/schedule/calendar/calendar_dates'
import { ScheduleShell } from '~/components/schedule/schedule_shell'
import type { SessionUser } from '~/components/schedule/types'

type CalendarPreferences = {
  weekStartsOn: 0 | 1
  defaultView: 'month' | 'two_weeks' | 'week' | 'day' | 'year'
  defaultMode: 'projects' | 'people'
}

export default function CalendarPage({
  user,
  preferences,
}: {
  user: SessionUser
  preferences: CalendarPreferences
}) {
  setWeekStartsOn(preferences.weekStartsOn)
  return (
    <ScheduleShell user={user} title="Calendar">
      <Calendar defaults={{ view: preferences.defaultView, mode: preferences.defaultMode }} />
    </ScheduleShell>
  )
}
