import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { api } from '~/components/shared/api'
import { formatLocalTimestamp, relativeTimeProps } from '~/components/shared/dates'
import { auditEventName } from '~/components/shared/format'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { DataTable } from '~/components/shared/ui/data_table'
import { Field, TextInput } from '~/components/shared/ui/field'
import { OneTimeCodeInput } from '~/components/shared/ui/one_time_code_input'
import { PageHeader } from '~/components/shared/ui/page_header'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { SsoShell } from '~/components/sso/sso_shell'
import { Notices } from '~/components/sso/notices'
import { ActionStatus, useAction } from '~/components/sso/use_action'
import { RecoveryCodes } from '~/components/sso/recovery_codes'

type TwoFactor = Data.Sso.TwoFactor
type Enrolment = NonNullable<TwoFactor['pendingEnrolment']>
type AccountSession = Data.Sso.AccountSession
type PageSession = Data.Sso.AccountSession.Variants['forPage']
type Activity = Data.Sso.ActivityEntry.Variants['forPage']

type SecurityProps = {
  isAdmin: boolean
  twoFactor: TwoFactor
  sessions: PageSession[]
  activity: Activity[]
}

/** A device's name, with the browser's own description on hover. */
function Device(props: { device: string | null; userAgent: string | null }) {
  return (
    <span title={props.userAgent ?? undefined}>
      {props.device ?? <span className="ui-muted">Unknown device</span>}
    </span>
  )
}

/** A moment said relatively ("3 minutes ago"), the exact time on hover. */
function When(props: { at: string | null }) {
  return props.at ? <time {...relativeTimeProps(props.at)} /> : <span className="ui-muted">—</span>
}

export default function Security(props: SecurityProps) {
  const [twoFactor, setTwoFactor] = useState(props.twoFactor)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(props.twoFactor.pendingEnrolment)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [sessions, setSessions] = useState(props.sessions)
  const [enrolCode, setEnrolCode] = useState('')
  const [regenerateCode, setRegenerateCode] = useState('')
  // Each section's outcome shows beside its own button.
  const password = useAction()
  const totp = useAction()
  const sessionAction = useAction()

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    return password.run(async () => {
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
    return totp.run(async () => {
      const answer = await api<{ enrolment: Enrolment }>('POST', '/api/account/totp')
      setEnrolment(answer.enrolment)
      return null
    })
  }

  function confirmEnrolment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    return totp.run(async () => {
      const answer = await api<{ recoveryCodes: string[] }>('POST', '/api/account/totp/confirm', {
        code: enrolCode,
      })
      setEnrolment(null)
      setEnrolCode('')
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
    return totp.run(async () => {
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
    return totp.run(async () => {
      const answer = await api<{ recoveryCodes: string[] }>(
        'POST',
        '/api/account/totp/recovery-codes',
        { code: regenerateCode }
      )
      setRegenerateCode('')
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
    return sessionAction.run(async () => {
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
    <SsoShell title="Security">
      <PageHeader
        title="Security"
        description="Your password, two-factor authentication, and where your account is signed in."
      />
      <Notices />
      <div className="ui-stack ui-stack-loose">
        <section className="ui-panel" aria-labelledby="password-heading">
          <h2 id="password-heading">Password</h2>
          <form onSubmit={changePassword} className="ui-stack">
            <Field label="Current password" error={password.errors.currentPassword}>
              <PasswordInput name="currentPassword" autoComplete="current-password" required />
            </Field>
            <Field
              label="New password"
              hint="At least 8 characters. Changing it signs out your other sessions."
              error={password.errors.newPassword}
            >
              <PasswordInput
                name="newPassword"
                autoComplete="new-password"
                minLength={8}
                required
              />
            </Field>
            <div className="ui-cluster">
              <Button type="submit" loading={password.busy}>
                Change password
              </Button>
              <ActionStatus {...password} />
            </div>
          </form>
        </section>

        <section className="ui-panel" id="two-factor" aria-labelledby="two-factor-heading">
          <h2 id="two-factor-heading">Two-factor authentication</h2>
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} onSaved={() => setRecoveryCodes(null)} />
          ) : twoFactor.enabled ? (
            <div className="ui-stack ui-stack-loose">
              <p className="ui-cluster">
                <Badge tone="success">On</Badge>
                <span>
                  On
                  {twoFactor.enabledAt &&
                    ` since ${formatLocalTimestamp(twoFactor.enabledAt)}`}.{' '}
                  {twoFactor.remainingRecoveryCodes === 1
                    ? '1 recovery code left.'
                    : `${twoFactor.remainingRecoveryCodes} recovery codes left.`}
                </span>
              </p>
              <form onSubmit={regenerate} className="ui-stack">
                <h3>New recovery codes</h3>
                <Field
                  label="Code from your app, to make new recovery codes"
                  error={totp.errors.code}
                >
                  <OneTimeCodeInput
                    name="regenerateCode"
                    value={regenerateCode}
                    onChange={setRegenerateCode}
                  />
                </Field>
                <div className="ui-cluster">
                  <Button type="submit" variant="secondary" loading={totp.busy}>
                    New recovery codes
                  </Button>
                </div>
              </form>
              <form onSubmit={disable} className="ui-stack">
                <h3>Turn off</h3>
                <Field label="Password" error={totp.errors.password}>
                  <PasswordInput name="disablePassword" autoComplete="current-password" required />
                </Field>
                <Field label="Code from your app, or a recovery code">
                  <TextInput name="disableCode" autoComplete="off" spellCheck={false} required />
                </Field>
                <div className="ui-cluster">
                  <Button type="submit" variant="danger" loading={totp.busy}>
                    Turn off two-factor authentication
                  </Button>
                </div>
              </form>
            </div>
          ) : enrolment ? (
            <form onSubmit={confirmEnrolment} className="ui-stack">
              <p>Scan this code with your authenticator app, or type the key by hand.</p>
              <img
                className="qr"
                alt="QR code for your authenticator app"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
              />
              <p>
                Key: <code className="key">{enrolment.secret}</code>
              </p>
              <Field label="The 6-digit code your app shows" error={totp.errors.code}>
                <OneTimeCodeInput name="enrolCode" value={enrolCode} onChange={setEnrolCode} />
              </Field>
              <div className="ui-cluster">
                <Button type="submit" loading={totp.busy}>
                  Turn on
                </Button>
              </div>
            </form>
          ) : (
            <div className="ui-stack">
              <p className="ui-cluster">
                <Badge tone="neutral">Off</Badge>
                <span>With it on, signing in also needs a code from an app on your phone.</span>
              </p>
              <div className="ui-cluster">
                <Button onClick={startEnrolment} loading={totp.busy}>
                  Set up two-factor authentication
                </Button>
              </div>
            </div>
          )}
          <ActionStatus {...totp} />
        </section>

        <section className="ui-panel" aria-labelledby="sessions-heading">
          <div className="ui-cluster">
            <h2 id="sessions-heading">Where you are signed in</h2>
            <ActionStatus {...sessionAction} />
          </div>
          <DataTable
            caption="Where you are signed in"
            rows={sessions}
            rowKey={(session) => session.handle}
            columns={[
              {
                key: 'device',
                header: 'Device',
                primary: true,
                cell: (session) => <Device device={session.device} userAgent={session.userAgent} />,
              },
              {
                key: 'signedIn',
                header: 'Signed in',
                nowrap: true,
                cell: (session) => <When at={session.signedInAt} />,
              },
              { key: 'ip', header: 'IP address', cell: (session) => session.ip ?? '—' },
            ]}
            actions={(session) =>
              session.current ? (
                <Badge tone="info">This session</Badge>
              ) : (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => endSession(session.handle)}
                  loading={sessionAction.busy}
                >
                  End<span className="ui-visually-hidden"> this session</span>
                </Button>
              )
            }
          />
        </section>

        <section className="ui-panel" aria-labelledby="activity-heading">
          <h2 id="activity-heading">Recent security activity</h2>
          <DataTable
            caption="Recent security activity"
            rows={props.activity}
            rowKey={(row) => row.id}
            columns={[
              {
                key: 'what',
                header: 'What',
                primary: true,
                cell: (row) => (
                  <>
                    {auditEventName(row.event)}
                    {row.byAdmin && <span className="ui-muted"> (by an admin)</span>}
                  </>
                ),
              },
              { key: 'when', header: 'When', nowrap: true, cell: (row) => <When at={row.at} /> },
              {
                key: 'device',
                header: 'Device',
                cell: (row) => <Device device={row.device} userAgent={row.userAgent} />,
              },
              { key: 'ip', header: 'IP address', cell: (row) => row.ip ?? '—' },
            ]}
          />
        </section>
      </div>
    </SsoShell>
  )
}
