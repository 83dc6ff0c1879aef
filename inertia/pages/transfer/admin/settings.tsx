import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { BackupSetup } from '~/components/transfer/backup_setup'
import { SettingsForm } from '~/components/transfer/settings_editor'

type Props = {
  user: Data.Transfer.SessionUser | null
  settings: Data.Transfer.Setting[]
  /** Admins only: the backup's setup and progress. */
  backup: Data.Transfer.BackupStatus | null
  /** What the provider's sign-in round trip came back with (?backup=). */
  backupOutcome: string | null
}

/** The runtime settings: everyone signed in reads them, admins change them with one Save. */
export default function SettingsPage({ user, settings, backup, backupOutcome }: Props) {
  const isAdmin = user?.role === 'admin'

  return (
    <AdminShell
      user={user}
      section="settings"
      title="Settings"
      description={
        isAdmin
          ? 'How transfer behaves for visitors and staff: the site name, the upload page, how long files are kept, and the backup.'
          : 'Only admins can change settings.'
      }
    >
      <div className="ui-stack ui-stack-loose">
        <SettingsForm settings={settings} canEdit={isAdmin} />
        {backup && <BackupSetup status={backup} outcome={backupOutcome} />}
      </div>
    </AdminShell>
  )
}
