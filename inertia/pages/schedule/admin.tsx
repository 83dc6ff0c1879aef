import type { Data } from '~generated/data'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { UsersPanel } from '~/components/schedule/admin/users_panel'
import { SettingsForm } from '~/components/schedule/admin/settings_form'
import { BackupPanel } from '~/components/schedule/admin/backup_panel'
import { TaskboardSection } from '~/components/schedule/admin/taskboard_section'
import { CalendarSyncPanel } from '~/components/schedule/admin/calendar_sync_panel'
import { PageHeader } from '~/components/shared/ui/page_header'

type AdminProps = {
  user: SessionUser
  /** Everyone who may sign in, oldest first. */
  people: Data.Schedule.AppUser[]
  settings: Data.Schedule.AdminSettings
  taskboard: Data.Schedule.TaskboardStatus
  calendarSync: Data.Schedule.CalendarSyncStatus
}

/** For admins: who may sign in, the app's settings, the connected services and backups. */
export default function AdminPage({ user, people, settings, taskboard, calendarSync }: AdminProps) {
  return (
    <ScheduleShell user={user} title="Administration">
      <PageHeader
        title="Administration"
        description="Who may sign in to Schedule, the settings that apply to everyone, and backups of all its data."
      />
      <div className="ui-stack ui-stack-loose">
        <UsersPanel selfId={user.userId} people={people} />
        <SettingsForm settings={settings} />
        <CalendarSyncPanel status={calendarSync} />
        <TaskboardSection taskboard={taskboard} />
        <BackupPanel />
      </div>
    </ScheduleShell>
  )
}
