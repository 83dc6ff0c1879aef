import { ScheduleShell } from '~/components/schedule/schedule_shell'
import { UsersPanel } from '~/components/schedule/admin/users_panel'
import { SettingsForm } from '~/components/schedule/admin/settings_form'
import type { SessionUser } from '~/components/schedule/types'

/** For admins: who may sign in, and the app's settings. */
export default function AdminPage({ user }: { user: SessionUser }) {
  return (
    <ScheduleShell user={user} title="Administration">
      <h1 className="sc-page-title">Administration</h1>
      <div className="sc-admin">
        <UsersPanel selfId={user.userId} />
        <SettingsForm />
      </div>
    </ScheduleShell>
  )
}
