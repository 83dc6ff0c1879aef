import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { VisuallyHidden } from 'radix-ui'
import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { Notices } from '~/components/sso/notices'
import { api } from '~/components/shared/api'
import { formatLocalTimestamp, relativeTimeProps } from '~/components/shared/dates'
import { auditEventName } from '~/components/shared/format'
import { ActionOutcome, useAction } from '~/components/sso/use_action'
import { PasswordInput } from '~/components/sso/password_input'
import { RecoveryCodes } from '~/components/sso/recovery_codes'

type TwoFactor = Data.Sso.TwoFactor
type Enrolment = NonNullable<TwoFactor['pendingEnrolment']>
type AccountSession = Data.Sso.AccountSession
type PageSession = Data.Sso.AccountSession.Variants['forPage']

type SecurityProps = {
  isAdmin: boolean
  twoFactor: TwoFactor
  sessions: PageSession[]
  activity: Data.Sso.ActivityEntry.Variants['forPage'][]
}

/** A device's name, with the browser's own description on hover. */
function Device(props: { device: string | null; userAgent: string | null }) {
  return (
    <span title={props.userAgent ?? undefined}>
      {props.device ?? <span className="muted">Unknown device</span>}
    </span>
  )
}

/** A moment said relatively ("3 minutes ago"), the exact time on hover. */
function When(props: { at: string | null }) {
  return props.at ? <time {...relativeTimeProps(props.at)} /> : <span className="muted">—</span>
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
      refreshTwoFactor()
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
      refreshTwoFactor()
      return 'New recovery codes made; the old ones no longer work.'
    })
  }

  /** The server's own two-factor state (since when, codes left) and the activity it caused. */
  function refreshTwoFactor() {
    router.reload({
      only: ['twoFactor', 'activity'],
      onSuccess: (page) => setTwoFactor((page.props as unknown as SecurityProps).twoFactor),
    })
  }

  function endSession(handle: string) {
    return run(async () => {
      const answer = await api<{ sessions: AccountSession[] }>(
        'DELETE',
        `/api/account/sessions/${handle}`
      )
      // The API's sessions carry no device name: keep the names the page has.
      const devices = new Map(sessions.map((session) => [session.handle, session.device]))
      setSessions(
        answer.sessions.map((session) => ({
          ...session,
          device: devices.get(session.handle) ?? null,
        }))
      )
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
          <PasswordInput
            id="currentPassword"
            name="currentPassword"
            autoComplete="current-password"
            required
          />
          {errors.currentPassword && <p className="error">{errors.currentPassword}</p>}
          <label htmlFor="newPassword">New password</label>
          <PasswordInput
            id="newPassword"
            name="newPassword"
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
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onSaved={() => setRecoveryCodes(null)} />
        ) : twoFactor.enabled ? (
          <>
            <p>
              On{twoFactor.enabledAt && ` since ${formatLocalTimestamp(twoFactor.enabledAt)}`}.{' '}
              {twoFactor.remainingRecoveryCodes === 1
                ? '1 recovery code left.'
                : `${twoFactor.remainingRecoveryCodes} recovery codes left.`}
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
              <PasswordInput
                id="disablePassword"
                name="disablePassword"
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
              <th scope="col">Signed in</th>
              <th scope="col">Device</th>
              <th scope="col">IP address</th>
              <th scope="col">
                <VisuallyHidden.Root>Actions</VisuallyHidden.Root>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.handle}>
                <td>
                  <When at={session.signedInAt} />
                </td>
                <td>
                  <Device device={session.device} userAgent={session.userAgent} />
                </td>
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
                      End<VisuallyHidden.Root> this session</VisuallyHidden.Root>
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
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Device</th>
              <th scope="col">IP address</th>
            </tr>
          </thead>
          <tbody>
            {props.activity.map((row) => (
              <tr key={row.id}>
                <td>
                  <When at={row.at} />
                </td>
                <td>
                  {auditEventName(row.event)}
                  {row.byAdmin && <span className="muted"> (by an admin)</span>}
                </td>
                <td>
                  <Device device={row.device} userAgent={row.userAgent} />
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
