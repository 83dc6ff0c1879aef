import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { SettingsEditor } from '~/components/transfer/settings_editor'

type Props = {
  user: Data.Transfer.SessionUser | null
  settings: Data.Transfer.Setting[]
}

/** The runtime settings: everyone signed in reads them, admins change them one by one. */
export default function SettingsPage({ user, settings }: Props) {
  const isAdmin = user?.role === 'admin'

  return (
    <AdminShell user={user} section="settings" title="Settings">
      <section className="card">
        <h1>Settings</h1>
        {!isAdmin && <p className="muted">Only admins can change settings.</p>}
        {settings.map((setting) => (
          <SettingsEditor
            key={setting.key}
            setting={setting}
            canEdit={isAdmin}
            onSaved={() => router.reload({ only: ['settings'] })}
          />
        ))}
      </section>
    </AdminShell>
  )
}
