import type { FormEvent } from 'react'
import type { Data } from '~generated/data'
import { useAction } from '~/components/sso/use_action'
import { FieldError } from '~/components/sso/notices'
import { widgetErrors, type EmbedCall } from './embed_api'

type WidgetProfile = Data.Sso.WidgetProfile

export function ProfileSection(props: {
  profile: WidgetProfile
  call: EmbedCall
  onSaved: (profile: WidgetProfile, user: unknown) => void
}) {
  const { errors, status, busy, run } = useAction(widgetErrors)

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    return run(async () => {
      const answer = await props.call<{ profile: WidgetProfile; user: unknown }>(
        'PATCH',
        '/api/embed/profile',
        {
          name: String(form.get('name') ?? ''),
          displayName: String(form.get('displayName') ?? ''),
          username: String(form.get('username') ?? ''),
        }
      )
      props.onSaved(answer.profile, answer.user)
      return 'Profile saved.'
    })
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
