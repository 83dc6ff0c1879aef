import type { Data } from '~generated/data'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { UsersPanel } from '~/components/schedule/admin/users_panel'
import { SettingsForm } from '~/components/schedule/admin/settings_form'
import { CalendarSyncPanel } from '~/components/schedule/admin/calendar_sync_panel'
import { PageHeader } from '~/components/shared/ui/page_header'

type AdminProps = {
  user: SessionUser
  /** Everyone who may sign in, oldest first. */
  people: Data.Schedule.AppUser[]
  settings: Data.Schedule.AdminSettings
  calendarSync: Data.Schedule.CalendarSyncStatus
}

/** For admins: who may sign in, and the app's settings. */
export default function AdminPage({ user, people, settings, calendarSync }: AdminProps) {
  return (
    <ScheduleShell user={user} title="Administration">
      <PageHeader
        title="Administration"
        description="Who may sign in to Schedule, and the settings that apply to everyone."
      />
      <div className="ui-stack ui-stack-loose">
        <UsersPanel selfId={user.userId} people={people} />
        <SettingsForm settings={settings} />
        <CalendarSyncPanel status={calendarSync} />
      </div>
    </ScheduleShell>
  )
}
