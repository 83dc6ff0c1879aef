import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'

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

/** A draft differs from what is stored (a secret's empty draft means "keep it"). */
function isChanged(setting: TransferSetting, draft: string | boolean) {
  if (setting.secret) {
    return draft !== ''
  }
  return (
    JSON.stringify(fromDraft(setting, draft)) !==
    JSON.stringify(fromDraft(setting, toDraft(setting)))
  )
}

type Outcome = { kind: 'notice' | 'error'; text: string }

/**
 * Every runtime setting in one form with one Save. Saving sends only the
 * settings that changed, one PUT /api/settings/:key each (the spec's route);
 * a refused value keeps what was typed and shows the server's reason beside
 * its field, and what happened shows next to the button. Staff see the
 * values only. Secret values never reach the page: their field only says
 * whether one is set.
 */
export function SettingsForm(props: { settings: TransferSetting[]; canEdit: boolean }) {
  const [stored, setStored] = useState(props.settings)
  const [drafts, setDrafts] = useState(() =>
    Object.fromEntries(props.settings.map((setting) => [setting.key, toDraft(setting)]))
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    const changed = stored.filter((setting) => isChanged(setting, drafts[setting.key]))
    setOutcome(null)
    if (changed.length === 0) {
      setErrors({})
      setOutcome({ kind: 'notice', text: 'Nothing has changed.' })
      return
    }
    setBusy(true)
    const refused: Record<string, string> = {}
    const saved: TransferSetting[] = []
    for (const setting of changed) {
      try {
        saved.push(
          await api<TransferSetting>('PUT', `/api/settings/${setting.key}`, {
            value: fromDraft(setting, drafts[setting.key]),
          })
        )
      } catch (failure) {
        const reasons = fieldErrors(failure)
        refused[setting.key] = reasons.value ?? reasons.form ?? 'Could not save'
      }
    }
    setStored((current) =>
      current.map((setting) => saved.find((fresh) => fresh.key === setting.key) ?? setting)
    )
    setDrafts((current) => ({
      ...current,
      ...Object.fromEntries(saved.map((fresh) => [fresh.key, toDraft(fresh)])),
    }))
    setErrors(refused)
    setOutcome(describeOutcome(saved.length, Object.keys(refused).length))
    setBusy(false)
  }

  return (
    <form onSubmit={save} aria-label="Settings" className="ui-panel">
      {stored.map((setting) => (
        <SettingField
          key={setting.key}
          setting={setting}
          draft={drafts[setting.key]}
          error={errors[setting.key] ?? null}
          disabled={!props.canEdit}
          onChange={(draft) => setDrafts((current) => ({ ...current, [setting.key]: draft }))}
        />
      ))}
      {props.canEdit && (
        <div className="ui-cluster">
          <Button type="submit" loading={busy}>
            Save settings
          </Button>
          {outcome && (
            <span
              className={
                outcome.kind === 'error'
                  ? 'ui-field-error'
                  : 'ui-inline-status ui-inline-status-saved'
              }
              role={outcome.kind === 'error' ? 'alert' : 'status'}
            >
              {outcome.text}
            </span>
          )}
        </div>
      )}
    </form>
  )
}

function describeOutcome(saved: number, refused: number): Outcome {
  const settings = (count: number) => `${count} setting${count === 1 ? '' : 's'}`
  if (refused === 0) {
    return { kind: 'notice', text: `Saved ${settings(saved)}.` }
  }
  const savedPart = saved > 0 ? `Saved ${settings(saved)}; ` : ''
  return {
    kind: 'error',
    text: `${savedPart}${settings(refused)} not saved: see the reason beside ${refused === 1 ? 'it' : 'each'}.`,
  }
}

/** One setting: its description, an editor fit for its type, and why the server refused it. */
function SettingField(props: {
  setting: TransferSetting
  draft: string | boolean
  error: string | null
  disabled: boolean
  onChange: (draft: string | boolean) => void
}) {
  const { setting, draft, error } = props
  const label = settingLabel(setting.key)
  const hint = (
    <>
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
    </>
  )

  if (typeof draft === 'boolean') {
    return (
      <Checkbox
        label={label}
        hint={hint}
        error={error}
        disabled={props.disabled}
        checked={draft}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    )
  }

  return (
    <Field label={label} hint={hint} error={error}>
      {setting.input === 'textarea' || setting.input === 'email_list' ? (
        <Textarea
          disabled={props.disabled}
          rows={setting.input === 'email_list' ? 3 : 4}
          placeholder={setting.input === 'email_list' ? 'One address per line' : undefined}
          value={draft}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <TextInput
          disabled={props.disabled}
          // A secret stays a plain password control: the form has one button, its Save.
          type={setting.secret ? 'password' : setting.input === 'number' ? 'number' : 'text'}
          autoComplete={setting.secret ? 'off' : undefined}
          placeholder={
            setting.secret ? (setting.isSet ? 'Set (type to replace)' : 'Not set') : undefined
          }
          value={draft}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
