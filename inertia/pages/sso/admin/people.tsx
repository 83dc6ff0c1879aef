import { useState, type FormEvent } from 'react'
import { Link, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { api } from '~/components/shared/api'
import { ActionOutcome, useAction } from '~/components/sso/use_action'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { Pager, type PageMeta } from '~/components/shared/pager'
import { relativeTimeProps } from '~/components/shared/dates'
import '~/components/sso/admin/admin.css'

type Person = Data.Sso.Person

type Verb = 'disable' | 'enable' | 'end-sessions' | 'reset-totp' | 'grant-admin' | 'revoke-admin'

const DONE: Record<Verb, (email: string, sessions?: number) => string> = {
  'disable': (email, sessions) => `${email} is disabled; ${sessions ?? 0} session(s) were ended.`,
  'enable': (email) => `${email} can sign in again.`,
  'end-sessions': (email, sessions) => `Ended ${sessions ?? 0} session(s) of ${email}.`,
  'reset-totp': (email) =>
    `Two-factor sign-in is off for ${email}; they can set it up again from their security page.`,
  'grant-admin': (email) => `${email} is now an admin.`,
  'revoke-admin': (email) => `${email} is no longer an admin.`,
}

function Status(props: { person: Person }) {
  const { person } = props
  return (
    <>
      {person.disabled ? (
        <span className="badge bad">Disabled</span>
      ) : (
        <span className="badge good">Active</span>
      )}
      {person.isAdmin && <span className="badge admin">Admin</span>}
      {person.emailVerified ? (
        <span className="badge good">Email verified</span>
      ) : (
        <span className="badge warn">Email not verified</span>
      )}
      <span className={`badge ${person.totpEnabled ? 'good' : ''}`}>
        Two-factor {person.totpEnabled ? 'on' : 'off'}
      </span>
    </>
  )
}

type PeopleProps = {
  isAdmin: boolean
  currentUserId: number
  filters: { q: string }
  data: Person[]
  meta: PageMeta
}

export default function People(props: PeopleProps) {
  const [query, setQuery] = useState(props.filters.q)
  const action = useAction()

  function visit(params: { q: string; page: number }) {
    const data: Record<string, string | number> = {}
    if (params.q) data.q = params.q
    if (params.page > 1) data.page = params.page
    router.get('/admin/people', data, {
      only: ['filters', 'data', 'meta'],
      preserveState: true,
      preserveScroll: params.page > 1,
    })
  }

  function search(event: FormEvent) {
    event.preventDefault()
    visit({ q: query.trim(), page: 1 })
  }

  function perform(person: Person, verb: Verb) {
    return action.run(async () => {
      const answer = await api<{ sessionsEnded?: number }>(
        'POST',
        `/api/admin/people/${person.id}/${verb}`
      )
      router.reload({ only: ['data', 'meta'] })
      return DONE[verb](person.email, answer.sessionsEnded)
    })
  }

  return (
    <SsoLayout title="People" isAdmin={props.isAdmin}>
      <div className="admin-page">
        <section className="card">
          <h1>People</h1>
          <form onSubmit={search} role="search" aria-label="Search people">
            <div className="row">
              <div>
                <label htmlFor="people-q">Email, name or username</label>
                <input
                  id="people-q"
                  type="search"
                  value={query}
                  maxLength={254}
                  onChange={(event) => setQuery(event.target.value)}
                />
              </div>
              <div style={{ flex: '0 0 auto' }}>
                <button type="submit">Search</button>
              </div>
            </div>
          </form>
          <ActionOutcome status={action.status} errors={action.errors} />
          {props.data.length === 0 ? (
            <p>{props.filters.q ? `Nobody matches “${props.filters.q}”.` : 'Nobody yet.'}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {props.data.map((person) => {
                  const self = person.id === props.currentUserId
                  const shownName = person.displayName || person.name
                  return (
                    <tr key={person.id}>
                      <td>
                        <strong>{shownName ?? person.email}</strong>
                        {self && <span className="muted"> (you)</span>}
                        <div>{person.email}</div>
                        {person.username !== person.email && (
                          <div className="muted">@{person.username}</div>
                        )}
                        <Link
                          className="muted"
                          href={`/admin/audit?person=${encodeURIComponent(person.email)}`}
                        >
                          Activity
                        </Link>
                      </td>
                      <td>
                        <Status person={person} />
                      </td>
                      <td>
                        {person.lastSignInAt ? (
                          <time {...relativeTimeProps(person.lastSignInAt)} />
                        ) : (
                          <span className="muted">Never</span>
                        )}
                      </td>
                      <td>
                        <div className="actions">
                          {person.disabled ? (
                            <button
                              type="button"
                              className="secondary"
                              disabled={action.busy}
                              onClick={() => perform(person, 'enable')}
                            >
                              Enable
                            </button>
                          ) : (
                            !self && (
                              <ConfirmButton
                                label="Disable"
                                title={`Disable ${person.email}?`}
                                confirmLabel="Disable and sign out"
                                danger
                                disabled={action.busy}
                                onConfirm={() => perform(person, 'disable')}
                              >
                                <p>
                                  They are signed out everywhere at once and cannot sign in, to this
                                  service or any connected app, until enabled again.
                                </p>
                              </ConfirmButton>
                            )
                          )}
                          <ConfirmButton
                            label="End sessions"
                            title={`Sign ${person.email} out everywhere?`}
                            confirmLabel="End all sessions"
                            disabled={action.busy}
                            onConfirm={() => perform(person, 'end-sessions')}
                          >
                            <p>
                              Every session they have on this service ends now
                              {self ? ', including this one' : ''}. They can sign in again.
                            </p>
                          </ConfirmButton>
                          {person.totpEnabled && (
                            <ConfirmButton
                              label="Reset two-factor"
                              title={`Reset two-factor sign-in of ${person.email}?`}
                              confirmLabel="Reset two-factor"
                              danger
                              disabled={action.busy}
                              onConfirm={() => perform(person, 'reset-totp')}
                            >
                              <p>
                                Their authenticator and recovery codes stop working and they sign in
                                with their password alone until they set it up again. Do this only
                                after checking who is asking.
                              </p>
                            </ConfirmButton>
                          )}
                          {person.isAdmin
                            ? !self && (
                                <ConfirmButton
                                  label="Remove admin"
                                  title={`Remove the admin rights of ${person.email}?`}
                                  confirmLabel="Remove admin"
                                  disabled={action.busy}
                                  onConfirm={() => perform(person, 'revoke-admin')}
                                >
                                  <p>They can no longer open this dashboard.</p>
                                </ConfirmButton>
                              )
                            : !person.disabled && (
                                <ConfirmButton
                                  label="Make admin"
                                  title={`Make ${person.email} an admin?`}
                                  confirmLabel="Make admin"
                                  disabled={action.busy}
                                  onConfirm={() => perform(person, 'grant-admin')}
                                >
                                  <p>Admins manage people, connected apps and see the audit log.</p>
                                </ConfirmButton>
                              )}
                        </div>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )}
          <Pager
            meta={props.meta}
            noun={props.meta.total === 1 ? 'person' : 'people'}
            onPage={(page) => visit({ q: props.filters.q, page })}
          />
        </section>
      </div>
    </SsoLayout>
  )
}
