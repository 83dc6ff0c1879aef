import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { Notices } from '~/components/sso/notices'
import { ApiError, api } from '~/components/shared/api'
import { ActionOutcome, useAction } from '~/components/sso/use_action'
import { PasswordInput } from '~/components/sso/password_input'

type Profile = Data.Sso.Profile

type AccountProps = { profile: Profile }

function csrfToken() {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

export default function Account(props: AccountProps) {
  const [profile, setProfile] = useState(props.profile)
  const { errors, status, busy, run } = useAction()

  function saveProfile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    return run(async () => {
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
    return run(async () => {
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
    return run(async () => {
      const answer = await api<{ profile: Profile }>('DELETE', '/api/account/avatar')
      setProfile(answer.profile)
      return 'Picture removed.'
    })
  }

  function changeEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const target = event.currentTarget
    return run(async () => {
      const answer = await api<{ message: string }>('POST', '/api/account/email', {
        email: String(form.get('newEmail') ?? ''),
        currentPassword: String(form.get('emailPassword') ?? ''),
      })
      target.reset()
      return answer.message
    })
  }

  return (
    <SsoLayout title="Your profile" isAdmin={profile.isAdmin}>
      <Notices />
      <ActionOutcome status={status} errors={errors} />
      <section className="card">
        <h1>Your profile</h1>
        <div className="row" style={{ alignItems: 'center' }}>
          {profile.avatar ? (
            <img className="avatar" src={profile.avatar} alt="Your picture" style={{ flex: 0 }} />
          ) : (
            <div className="avatar" style={{ flex: 0 }} />
          )}
          <div>
            <label htmlFor="avatar">Picture</label>
            <input
              id="avatar"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              disabled={busy}
              onChange={(event) => event.target.files?.[0] && uploadAvatar(event.target.files[0])}
            />
            {errors.avatar && <p className="error">{errors.avatar}</p>}
            {profile.avatar && (
              <button type="button" className="secondary" onClick={removeAvatar} disabled={busy}>
                Remove picture
              </button>
            )}
          </div>
        </div>
        <form onSubmit={saveProfile}>
          <label htmlFor="fullName">Name</label>
          <input
            id="fullName"
            name="fullName"
            defaultValue={profile.fullName ?? ''}
            maxLength={120}
          />
          {errors.name && <p className="error">{errors.name}</p>}
          <label htmlFor="displayName">Display name</label>
          <input
            id="displayName"
            name="displayName"
            defaultValue={profile.ownDisplayName ?? ''}
            maxLength={120}
          />
          <p className="muted small">
            Shown in the apps you use. Leave empty to use your username.
          </p>
          {errors.displayName && <p className="error">{errors.displayName}</p>}
          <label htmlFor="username">Username</label>
          <input id="username" name="username" defaultValue={profile.username} maxLength={64} />
          {errors.username && <p className="error">{errors.username}</p>}
          <button type="submit" disabled={busy}>
            Save profile
          </button>
        </form>
      </section>
      <section className="card">
        <h2>Email</h2>
        <p>
          {profile.email} {profile.emailVerified ? '(confirmed)' : '(not confirmed yet)'}
        </p>
        <form onSubmit={changeEmail}>
          <label htmlFor="newEmail">New email</label>
          <input id="newEmail" name="newEmail" type="email" required autoComplete="email" />
          {errors.email && <p className="error">{errors.email}</p>}
          <label htmlFor="emailPassword">Current password</label>
          <PasswordInput
            id="emailPassword"
            name="emailPassword"
            required
            autoComplete="current-password"
          />
          {errors.currentPassword && <p className="error">{errors.currentPassword}</p>}
          <button type="submit" disabled={busy}>
            Change email
          </button>
        </form>
      </section>
    </SsoLayout>
  )
}
