import type { FormEvent } from 'react'
import type { Data } from '~generated/data'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { ActionStatus, useAction } from '~/components/sso/use_action'
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
    <form className="ui-panel ui-stack" onSubmit={save} aria-label="Profile">
      <p className="ui-muted">Signed in as {profile.email}</p>
      <Field label="Full name" error={errors.name}>
        <TextInput name="name" defaultValue={profile.name ?? ''} maxLength={120} />
      </Field>
      <Field label="Display name" error={errors.displayName}>
        <TextInput name="displayName" defaultValue={profile.displayName ?? ''} maxLength={120} />
      </Field>
      <Field label="Username" error={errors.username}>
        <TextInput
          name="username"
          defaultValue={profile.username}
          required
          minLength={3}
          maxLength={64}
          autoComplete="username"
        />
      </Field>
      <div className="ui-cluster">
        <Button type="submit" loading={busy}>
          Save profile
        </Button>
        <ActionStatus busy={busy} status={status} errors={errors} />
      </div>
    </form>
  )
}
