import type { Data } from '~generated/data'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { UsersPanel } from '~/components/schedule/admin/users_panel'
import { SettingsForm } from '~/components/schedule/admin/settings_form'

type AdminProps = {
  user: SessionUser
  /** Everyone who may sign in, oldest first. */
  people: Data.Schedule.AppUser[]
  settings: Data.Schedule.AdminSettings
}

/** For admins: who may sign in, and the app's settings. */
export default function AdminPage({ user, people, settings }: AdminProps) {
  return (
    <ScheduleShell user={user} title="Administration">
      <h1 className="sc-page-title">Administration</h1>
      <div className="sc-admin">
        <UsersPanel selfId={user.userId} people={people} />
        <SettingsForm settings={settings} />
      </div>
    </ScheduleShell>
  )
}
