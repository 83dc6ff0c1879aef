import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { Notices } from '~/components/sso/notices'
import { api } from '~/components/shared/api'
import { formatExactTimestamp } from '~/components/shared/dates'
import { ActionOutcome, useAction } from '~/components/sso/use_action'

type TwoFactor = Data.Sso.TwoFactor
type Enrolment = NonNullable<TwoFactor['pendingEnrolment']>
type AccountSession = Data.Sso.AccountSession

type SecurityProps = {
  isAdmin: boolean
  twoFactor: TwoFactor
  sessions: AccountSession[]
  activity: Data.Sso.ActivityEntry[]
}

const EVENT_LABELS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  registered: 'Account created',
  email_verified: 'Email confirmed',
  email_changed: 'Email changed',
  password_reset_requested: 'Password reset asked for',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  profile_updated: 'Profile updated',
  totp_enabled: 'Two-factor turned on',
  totp_disabled: 'Two-factor turned off',
  totp_reset: 'Two-factor reset by an admin',
  totp_failed: 'Wrong two-factor code',
  recovery_code_used: 'Recovery code used',
  session_ended: 'Session ended',
  external_account_linked: 'External account linked',
  user_disabled: 'Account disabled',
  user_enabled: 'Account enabled',
  admin_granted: 'Made an admin',
  admin_revoked: 'No longer an admin',
}

export default function Security(props: SecurityProps) {
  const [twoFactor, setTwoFactor] = useState(props.twoFactor)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(props.twoFactor.pendingEnrolment)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [sessions, setSessions] = useState(props.sessions)
  const { errors, status, busy, run } = useAction()

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    return run(async () => {
      const answer = await api<{ message: string }>('POST', '/api/account/password', {
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
      })
      target.reset()
      setSessions(sessions.filter((session) => session.current))
      return answer.message
    })
  }

  function startEnrolment() {
    return run(async () => {
      const answer = await api<{ enrolment: Enrolment }>('POST', '/api/account/totp')
      setEnrolment(answer.enrolment)
      return null
    })
  }

  function confirmEnrolment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    return run(async () => {
      const answer = await api<{ recoveryCodes: string[] }>('POST', '/api/account/totp/confirm', {
        code: String(form.get('enrolCode') ?? ''),
      })
      setEnrolment(null)
      setRecoveryCodes(answer.recoveryCodes)
      setTwoFactor({
        ...twoFactor,
        enabled: true,
        pendingEnrolment: null,
        remainingRecoveryCodes: answer.recoveryCodes.length,
      })
      return 'Two-factor authentication is on.'
    })
  }

  function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    return run(async () => {
      const answer = await api<{ twoFactor: TwoFactor }>('POST', '/api/account/totp/disable', {
        password: String(form.get('disablePassword') ?? ''),
        code: String(form.get('disableCode') ?? ''),
      })
      setTwoFactor(answer.twoFactor)
      setRecoveryCodes(null)
      return 'Two-factor authentication is off.'
    })
  }

  function regenerate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    return run(async () => {
      const answer = await api<{ recoveryCodes: string[] }>(
        'POST',
        '/api/account/totp/recovery-codes',
        { code: String(form.get('regenerateCode') ?? '') }
      )
      target.reset()
      setRecoveryCodes(answer.recoveryCodes)
      setTwoFactor({ ...twoFactor, remainingRecoveryCodes: answer.recoveryCodes.length })
      return 'New recovery codes made; the old ones no longer work.'
    })
  }

  function endSession(handle: string) {
    return run(async () => {
      const answer = await api<{ sessions: AccountSession[] }>(
        'DELETE',
        `/api/account/sessions/${handle}`
      )
      setSessions(answer.sessions)
      return 'Session ended.'
    })
  }

  return (
    <SsoLayout title="Security" isAdmin={props.isAdmin}>
      <Notices />
      <ActionOutcome status={status} errors={errors} />

      <section className="card">
        <h1>Password</h1>
        <form onSubmit={changePassword}>
          <label htmlFor="currentPassword">Current password</label>
          <input
            id="currentPassword"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
          />
          {errors.currentPassword && <p className="error">{errors.currentPassword}</p>}
          <label htmlFor="newPassword">New password</label>
          <input
            id="newPassword"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
          />
          {errors.newPassword && <p className="error">{errors.newPassword}</p>}
          <p className="muted small">Changing it signs out your other sessions.</p>
          <button type="submit" disabled={busy}>
            Change password
          </button>
        </form>
      </section>

      <section className="card" id="two-factor">
        <h2>Two-factor authentication</h2>
        {recoveryCodes && (
          <div className="recovery">
            <p>
              <strong>Your recovery codes.</strong> Keep them somewhere safe: each works once when
              you cannot use your phone. They will not be shown again.
            </p>
            <ul className="codes" aria-label="Recovery codes">
              {recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        )}
        {twoFactor.enabled ? (
          <>
            <p>
              On since {formatExactTimestamp(twoFactor.enabledAt)}.{' '}
              {twoFactor.remainingRecoveryCodes} recovery codes left.
            </p>
            <form onSubmit={regenerate}>
              <label htmlFor="regenerateCode">Code from your app, to make new recovery codes</label>
              <input id="regenerateCode" name="regenerateCode" inputMode="numeric" required />
              {errors.code && <p className="error">{errors.code}</p>}
              <button type="submit" disabled={busy}>
                New recovery codes
              </button>
            </form>
            <form onSubmit={disable}>
              <h3>Turn off</h3>
              <label htmlFor="disablePassword">Password</label>
              <input
                id="disablePassword"
                name="disablePassword"
                type="password"
                autoComplete="current-password"
                required
              />
              {errors.password && <p className="error">{errors.password}</p>}
              <label htmlFor="disableCode">Code from your app, or a recovery code</label>
              <input id="disableCode" name="disableCode" autoComplete="off" required />
              <button type="submit" className="danger" disabled={busy}>
                Turn off two-factor authentication
              </button>
            </form>
          </>
        ) : enrolment ? (
          <form onSubmit={confirmEnrolment}>
            <p>Scan this code with your authenticator app, or type the key by hand.</p>
            <img
              className="qr"
              alt="QR code for your authenticator app"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
            />
            <p>
              Key: <code className="key">{enrolment.secret}</code>
            </p>
            <label htmlFor="enrolCode">The 6-digit code your app shows</label>
            <input
              id="enrolCode"
              name="enrolCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
            />
            {errors.code && <p className="error">{errors.code}</p>}
            <button type="submit" disabled={busy}>
              Turn on
            </button>
          </form>
        ) : (
          <>
            <p>Off. With it on, signing in also needs a code from an app on your phone.</p>
            <button type="button" onClick={startEnrolment} disabled={busy}>
              Set up two-factor authentication
            </button>
          </>
        )}
      </section>

      <section className="card">
        <h2>Where you are signed in</h2>
        <table>
          <thead>
            <tr>
              <th>Signed in</th>
              <th>Browser</th>
              <th>IP</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.handle}>
                <td>{formatExactTimestamp(session.signedInAt)}</td>
                <td className="small">{session.userAgent ?? 'Unknown'}</td>
                <td>{session.ip ?? '—'}</td>
                <td>
                  {session.current ? (
                    <span className="muted">This session</span>
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => endSession(session.handle)}
                      disabled={busy}
                    >
                      End
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card">
        <h2>Recent security activity</h2>
        <table>
          <thead>
            <tr>
              <th>When</th>
              <th>What</th>
              <th>IP</th>
            </tr>
          </thead>
          <tbody>
            {props.activity.map((row) => (
              <tr key={row.id}>
                <td>{formatExactTimestamp(row.at)}</td>
                <td>
                  {EVENT_LABELS[row.event] ?? row.event}
                  {row.byAdmin && <span className="muted"> (by an admin)</span>}
                </td>
                <td>{row.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </SsoLayout>
  )
}
