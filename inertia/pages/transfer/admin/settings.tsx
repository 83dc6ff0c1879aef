import { useEffect, useState } from 'react'
import { AdminShell, type StaffUser } from '~/components/transfer/admin_shell'
import { api } from '~/components/shared/api'
import { fieldErrors } from '~/components/transfer/admin_errors'
import { SettingsEditor, type TransferSetting } from '~/components/transfer/settings_editor'

/** The runtime settings: everyone signed in reads them, admins change them one by one. */
export default function SettingsPage({ user }: { user: StaffUser | null }) {
  const isAdmin = user?.role === 'admin'
  const [settings, setSettings] = useState<TransferSetting[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!user) {
      return
    }
    api<TransferSetting[]>('GET', '/api/settings')
      .then(setSettings)
      .catch((failure: unknown) => setError(fieldErrors(failure).form ?? 'Could not load settings'))
  }, [user])

  function saved(setting: TransferSetting) {
    setSettings(
      (current) => current?.map((entry) => (entry.key === setting.key ? setting : entry)) ?? null
    )
  }

  return (
    <AdminShell user={user} section="settings" title="Settings">
      <section className="card">
        <h1>Settings</h1>
        {!isAdmin && <p className="muted">Only admins can change settings.</p>}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {settings === null && !error && <p className="muted">Loading…</p>}
        {settings?.map((setting) => (
          <SettingsEditor key={setting.key} setting={setting} canEdit={isAdmin} onSaved={saved} />
        ))}
      </section>
    </AdminShell>
  )
}
