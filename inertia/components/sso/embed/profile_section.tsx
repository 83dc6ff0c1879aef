import { useState, type FormEvent } from 'react'
import { fieldMessages } from '../field_messages'
import { FieldError } from '../notices'
import { ApiError } from '../../shared/http'
import { failureMessage, type EmbedCall } from './embed_api'

export interface WidgetProfile {
  email: string
  username: string
  name: string | null
  displayName: string | null
  avatar: string | null
  twoFactorEnabled: boolean
}

export function ProfileSection(props: {
  profile: WidgetProfile
  call: EmbedCall
  onSaved: (profile: WidgetProfile, user: unknown) => void
}) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setErrors({})
    setStatus(null)
    try {
      const answer = await props.call<{ profile: WidgetProfile; user: unknown }>(
        'PATCH',
        '/api/embed/profile',
        {
          name: String(form.get('name') ?? ''),
          displayName: String(form.get('displayName') ?? ''),
          username: String(form.get('username') ?? ''),
        }
      )
      setStatus('Profile saved.')
      props.onSaved(answer.profile, answer.user)
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.status === 422
          ? fieldMessages(error)
          : { form: failureMessage(error) }
      )
    } finally {
      setBusy(false)
    }
  }

  const { profile } = props
  return (
    <form className="embed-card" onSubmit={save} aria-label="Profile">
      <p className="muted">Signed in as {profile.email}</p>
      <label htmlFor="embed-name">Full name</label>
      <input id="embed-name" name="name" defaultValue={profile.name ?? ''} maxLength={120} />
      <FieldError message={errors.name ?? null} />
      <label htmlFor="embed-display-name">Display name</label>
      <input
        id="embed-display-name"
        name="displayName"
        defaultValue={profile.displayName ?? ''}
        maxLength={120}
      />
      <FieldError message={errors.displayName ?? null} />
      <label htmlFor="embed-username">Username</label>
      <input
        id="embed-username"
        name="username"
        defaultValue={profile.username}
        required
        minLength={3}
        maxLength={64}
        autoComplete="username"
      />
      <FieldError message={errors.username ?? null} />
      <FieldError message={errors.form ?? null} />
      {status && (
        <p className="notice" role="status">
          {status}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Save profile
      </button>
    </form>
  )
}
