import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors } from '~/components/shared/api'

type TransferSetting = Data.Transfer.Setting

/** "upload_retention_days" → "Upload retention days". */
export function settingLabel(key: string) {
  const words = key.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/* What the editor holds: text for every input but the checkbox. */
function toDraft(setting: TransferSetting): string | boolean {
  if (setting.input === 'boolean') {
    return setting.value === true
  }
  if (setting.secret) {
    return ''
  }
  if (setting.input === 'email_list') {
    return (Array.isArray(setting.value) ? setting.value : []).join('\n')
  }
  return setting.value === null || setting.value === undefined ? '' : String(setting.value)
}

function fromDraft(setting: TransferSetting, draft: string | boolean): unknown {
  if (typeof draft === 'boolean') {
    return draft
  }
  if (setting.input === 'number') {
    // Sent as typed when it is not a number, so the server's message explains.
    return draft.trim() === '' || Number.isNaN(Number(draft)) ? draft : Number(draft)
  }
  if (setting.input === 'email_list') {
    return draft
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean)
  }
  return draft
}

/**
 * One setting: its description and an editor fit for its type. Admins save
 * each setting on its own; staff see the values only. Secret values never
 * reach the page: their field only says whether one is set.
 */
export function SettingsEditor(props: {
  setting: TransferSetting
  canEdit: boolean
  onSaved: (setting: TransferSetting) => void
}) {
  const { setting } = props
  const [draft, setDraft] = useState(() => toDraft(setting))
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = `setting-${setting.key}`
  const label = settingLabel(setting.key)

  async function save(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const saved = await api<TransferSetting>('PUT', `/api/settings/${setting.key}`, {
        value: fromDraft(setting, draft),
      })
      setDraft(toDraft(saved))
      setNotice('Saved.')
      props.onSaved(saved)
    } catch (failure) {
      const errors = fieldErrors(failure)
      setError(errors.value ?? errors.form ?? 'Could not save')
    } finally {
      setBusy(false)
    }
  }

  const common = {
    'id': id,
    'disabled': !props.canEdit,
    'aria-describedby': `${id}-description`,
    'aria-invalid': error ? true : undefined,
  }

  return (
    <form className="tx-setting" onSubmit={save} aria-label={label}>
      {typeof draft === 'boolean' ? (
        <label className="tx-check" htmlFor={id}>
          <input
            {...common}
            type="checkbox"
            checked={draft}
            onChange={(event) => setDraft(event.target.checked)}
          />
          {label}
        </label>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {setting.input === 'textarea' || setting.input === 'email_list' ? (
            <textarea
              {...common}
              rows={setting.input === 'email_list' ? 3 : 4}
              placeholder={setting.input === 'email_list' ? 'One address per line' : undefined}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          ) : (
            <input
              {...common}
              type={setting.secret ? 'password' : setting.input === 'number' ? 'number' : 'text'}
              placeholder={
                setting.secret ? (setting.isSet ? 'Set (type to replace)' : 'Not set') : undefined
              }
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          )}
        </>
      )}
      <p id={`${id}-description`} className="muted small">
        {setting.description}
        {setting.default !== null && !setting.secret && setting.input !== 'boolean' && (
          <>
            {' '}
            Default:{' '}
            {Array.isArray(setting.default)
              ? setting.default.join(', ') || 'none'
              : String(setting.default) || 'empty'}
            .
          </>
        )}
      </p>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="notice small" role="status">
          {notice}
        </p>
      )}
      {props.canEdit && (
        <button type="submit" className="tx-inline" disabled={busy}>
          Save {label.toLowerCase()}
        </button>
      )}
    </form>
  )
}
