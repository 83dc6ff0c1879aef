import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput, Textarea } from '~/components/shared/ui/field'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { Select } from '~/components/shared/ui/select'
import { useToast } from '~/components/shared/ui/toast'

type SettingsResponse = Data.Schedule.AdminSettings
type SettingDefinition = SettingsResponse['definitions'][number]

/** Fallback labels for keys that have no words of their own in the API. */
function labelOf(key: string) {
  const text = key.replaceAll('_', ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The app's settings, one input per definition the API sends (the
 * definitions choose the input). Save sends only what changed; a secret is
 * sent only when something is typed.
 */
export function SettingsForm(props: { settings: SettingsResponse }) {
  const toast = useToast()
  // The page's first data, then what each save answers.
  const [data, setData] = useState<SettingsResponse>(props.settings)
  const [values, setValues] = useState<Record<string, unknown>>(props.settings.settings)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    const changes: Record<string, unknown> = {}
    for (const definition of data.definitions) {
      const value = values[definition.key]
      if (definition.secret) {
        if (typeof value === 'string' && value !== '') {
          changes[definition.key] = value
        }
      } else if (value !== data.settings[definition.key as keyof SettingsResponse['settings']]) {
        changes[definition.key] = value
      }
    }
    if (Object.keys(changes).length === 0) {
      toast.info('Nothing has changed.')
      return
    }
    setBusy(true)
    setErrors({})
    try {
      const saved = await api<SettingsResponse>('PATCH', '/api/admin/settings', changes)
      setData(saved)
      setValues(saved.settings)
      toast.success('Settings saved.')
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setBusy(false)
    }
  }

  async function unsetSecret(key: string) {
    try {
      const saved = await api<SettingsResponse>('PATCH', '/api/admin/settings', { [key]: null })
      setData(saved)
      setValues(saved.settings)
      toast.success(`${labelOf(key)} removed.`)
    } catch (error) {
      setErrors(fieldErrors(error))
    }
  }

  function set(key: string, value: unknown) {
    setValues((current) => ({ ...current, [key]: value }))
  }

  return (
    <section className="ui-panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      {errors.form && (
        <p className="ui-field-error" role="alert">
          {errors.form}
        </p>
      )}
      <form onSubmit={save} aria-label="Settings" className="ui-stack">
        {data.definitions.map((definition) => (
          <div key={definition.key}>
            <Field
              label={labelOf(definition.key)}
              hint={definition.description}
              error={errors[definition.key]}
            >
              <SettingInput
                definition={definition}
                value={values[definition.key]}
                onChange={(value) => set(definition.key, value)}
              />
            </Field>
            {definition.secret && definition.isSet && (
              <Button size="small" variant="ghost" onClick={() => void unsetSecret(definition.key)}>
                Remove the stored secret
              </Button>
            )}
          </div>
        ))}
        <div>
          <Button type="submit" loading={busy}>
            Save settings
          </Button>
        </div>
      </form>
    </section>
  )
}

function SettingInput(props: {
  definition: SettingDefinition
  value: unknown
  onChange: (value: unknown) => void
}) {
  const { definition } = props
  if (definition.options) {
    const options = definition.options
    return (
      <Select
        value={String(props.value ?? '')}
        options={options.map((option) => ({ value: String(option.value), label: option.label }))}
        onValueChange={(picked) => {
          // Options keep their type: week_starts_on is a number, the others strings.
          const chosen = options.find((option) => String(option.value) === picked)
          props.onChange(chosen ? chosen.value : picked)
        }}
      />
    )
  }
  if (definition.secret || definition.input === 'secret') {
    return (
      <PasswordInput
        autoComplete="new-password"
        placeholder={definition.isSet ? 'Set. Type a new one to replace it.' : 'Not set'}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={(event) => props.onChange(event.target.value)}
      />
    )
  }
  if (definition.input === 'textarea') {
    return (
      <Textarea
        rows={3}
        value={String(props.value ?? '')}
        onChange={(event) => props.onChange(event.target.value)}
      />
    )
  }
  if (definition.input === 'color') {
    return (
      <TextInput
        type="color"
        className="sc-color-input"
        value={String(props.value ?? '#000000')}
        onChange={(event) => props.onChange(event.target.value)}
      />
    )
  }
  return (
    <TextInput
      value={String(props.value ?? '')}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
}
