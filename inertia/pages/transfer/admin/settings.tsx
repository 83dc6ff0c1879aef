import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { SettingsForm } from '~/components/transfer/settings_editor'

type Props = {
  user: Data.Transfer.SessionUser | null
  settings: Data.Transfer.Setting[]
}

/** The runtime settings: everyone signed in reads them, admins change them with one Save. */
export default function SettingsPage({ user, settings }: Props) {
  const isAdmin = user?.role === 'admin'

  return (
    <AdminShell
      user={user}
      section="settings"
      title="Settings"
      description={
        isAdmin
          ? 'How transfer behaves for visitors and staff: the site name, the upload page, how long files are kept.'
          : 'Only admins can change settings.'
      }
    >
      <SettingsForm settings={settings} canEdit={isAdmin} />
    </AdminShell>
  )
}
