import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { ApiError, api } from '~/components/shared/api'
import { Avatar } from '~/components/shared/ui/avatar'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { FileDropZone } from '~/components/shared/ui/file_drop_zone'
import { PageHeader } from '~/components/shared/ui/page_header'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { SsoShell } from '~/components/sso/sso_shell'
import { Notices } from '~/components/sso/notices'
import { ActionStatus, useAction } from '~/components/sso/use_action'

type Profile = Data.Sso.Profile

type AccountProps = { profile: Profile }

const PICTURE_TYPES = {
  'image/png': [],
  'image/jpeg': [],
  'image/webp': [],
  'image/gif': [],
  'image/avif': [],
}

function csrfToken() {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

export default function Account(props: AccountProps) {
  const [profile, setProfile] = useState(props.profile)
  // Each section has its own outcome, shown beside its own button.
  const picture = useAction()
  const details = useAction()
  const email = useAction()

  function saveProfile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    return details.run(async () => {
      const answer = await api<{ profile: Profile }>('PATCH', '/api/account/profile', {
        name: String(form.get('fullName') ?? ''),
        displayName: String(form.get('displayName') ?? ''),
        username: String(form.get('username') ?? ''),
      })
      setProfile(answer.profile)
      return 'Profile saved.'
    })
  }

  function uploadAvatar(file: File) {
    return picture.run(async () => {
      const body = new FormData()
      body.append('avatar', file)
      const response = await fetch('/api/account/avatar', {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'accept': 'application/json', 'x-csrf-token': csrfToken() },
      })
      const answer = await response.json()
      if (!response.ok) {
        throw new ApiError(response.status, answer)
      }
      setProfile(answer.profile)
      return 'Picture updated.'
    })
  }

  function removeAvatar() {
    return picture.run(async () => {
      const answer = await api<{ profile: Profile }>('DELETE', '/api/account/avatar')
      setProfile(answer.profile)
      return 'Picture removed.'
    })
  }

  function changeEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const target = event.currentTarget
    return email.run(async () => {
      const answer = await api<{ message: string }>('POST', '/api/account/email', {
        email: String(form.get('newEmail') ?? ''),
        currentPassword: String(form.get('emailPassword') ?? ''),
      })
      target.reset()
      return answer.message
    })
  }

  const shownName = profile.ownDisplayName || profile.fullName || profile.username

  return (
    <SsoShell title="Your profile">
      <PageHeader title="Your profile" description="How you appear in the apps you use." />
      <Notices />
      <div className="ui-stack ui-stack-loose">
        <section className="ui-panel" aria-labelledby="picture-heading">
          <h2 id="picture-heading">Picture</h2>
          <div className="ui-cluster">
            <Avatar name={shownName} imageUrl={profile.avatar} size="large" />
            {profile.avatar && (
              <Button variant="secondary" onClick={removeAvatar} loading={picture.busy}>
                Remove picture
              </Button>
            )}
          </div>
          <Field label="New picture" error={picture.errors.avatar}>
            <FileDropZone
              files={[]}
              multiple={false}
              accept={PICTURE_TYPES}
              disabled={picture.busy}
              help="PNG, JPEG, WebP, GIF or AVIF. It is saved as soon as you choose it."
              onFilesChange={(files) => files[0] && uploadAvatar(files[0])}
            />
          </Field>
          <ActionStatus {...picture} />
        </section>

        <section className="ui-panel" aria-labelledby="details-heading">
          <h2 id="details-heading">Your name</h2>
          <form onSubmit={saveProfile} className="ui-stack">
            <Field label="Name" error={details.errors.name}>
              <TextInput name="fullName" defaultValue={profile.fullName ?? ''} maxLength={120} />
            </Field>
            <Field
              label="Display name"
              hint="Shown in the apps you use. Leave empty to use your username."
              error={details.errors.displayName}
            >
              <TextInput
                name="displayName"
                defaultValue={profile.ownDisplayName ?? ''}
                maxLength={120}
              />
            </Field>
            <Field label="Username" error={details.errors.username}>
              <TextInput name="username" defaultValue={profile.username} maxLength={64} />
            </Field>
            <div className="ui-cluster">
              <Button type="submit" loading={details.busy}>
                Save profile
              </Button>
              <ActionStatus {...details} />
            </div>
          </form>
        </section>

        <section className="ui-panel" aria-labelledby="email-heading">
          <h2 id="email-heading">Email</h2>
          <p className="ui-cluster">
            <span>{profile.email}</span>
            {profile.emailVerified ? (
              <Badge tone="success">Confirmed</Badge>
            ) : (
              <Badge tone="warning">Not confirmed yet</Badge>
            )}
          </p>
          <form onSubmit={changeEmail} className="ui-stack">
            <Field label="New email" error={email.errors.email}>
              <TextInput name="newEmail" type="email" required autoComplete="email" />
            </Field>
            <Field label="Current password" error={email.errors.currentPassword}>
              <PasswordInput name="emailPassword" required autoComplete="current-password" />
            </Field>
            <div className="ui-cluster">
              <Button type="submit" loading={email.busy}>
                Change email
              </Button>
              <ActionStatus {...email} />
            </div>
          </form>
        </section>
      </div>
    </SsoShell>
  )
}
