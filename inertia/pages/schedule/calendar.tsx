import { Calendar } from '../../components/schedule/calendar/calendar'
import { ScheduleShell } from '../../components/schedule/schedule_shell'
import type { SessionUser } from '../../components/schedule/types'

export default function CalendarPage({ user }: { user: SessionUser }) {
  return (
    <ScheduleShell user={user} title="Calendar">
      <Calendar />
    </ScheduleShell>
  )
}
