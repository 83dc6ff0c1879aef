import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { Pager, type PageMeta } from '~/components/shared/pager'
import { formatExactTimestamp } from '~/components/shared/dates'
import '~/components/sso/admin/admin.css'

type AuditEntry = Data.Sso.AuditEntry

type Filters = {
  event: string
  person: string
}

function Actor(props: { entry: AuditEntry }) {
  const { actor, person } = props.entry
  if (!actor) {
    return <span className="muted">—</span>
  }
  if ('terminal' in actor) {
    return <span className="badge">terminal (ace)</span>
  }
  if (person && actor.id === person.id) {
    return <span className="muted">themselves</span>
  }
  return <>{actor.email}</>
}

function Details(props: { details: AuditEntry['details'] }) {
  const entries = Object.entries(props.details)
  if (entries.length === 0) {
    return <span className="muted">—</span>
  }
  return (
    <div className="details">
      {entries
        .map(
          ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`
        )
        .join('\n')}
    </div>
  )
}

type AuditLogProps = {
  isAdmin: boolean
  events: string[]
  filters: Filters
  data: AuditEntry[]
  meta: PageMeta
}

export default function AuditLog(props: AuditLogProps) {
  const [filters, setFilters] = useState<Filters>(props.filters)

  function visit(next: Filters, page = 1) {
    const data: Record<string, string | number> = {}
    if (next.event) data.event = next.event
    if (next.person) data.person = next.person
    if (page > 1) data.page = page
    router.get('/admin/audit', data, {
      only: ['filters', 'data', 'meta'],
      preserveState: true,
    })
  }

  function apply(event: FormEvent) {
    event.preventDefault()
    visit({ event: filters.event, person: filters.person.trim() })
  }

  function showPerson(email: string) {
    const next = { ...props.filters, person: email }
    setFilters(next)
    visit(next)
  }

  const filtered = props.filters.event !== '' || props.filters.person !== ''

  return (
    <SsoLayout title="Audit log" isAdmin={props.isAdmin}>
      <div className="admin-page">
        <section className="card">
          <h1>Audit log</h1>
          <p className="muted">Security events and admin changes, newest first.</p>
          <form onSubmit={apply} aria-label="Filter the audit log">
            <div className="row">
              <div>
                <label htmlFor="audit-event">Event</label>
                <select
                  id="audit-event"
                  value={filters.event}
                  onChange={(event) => setFilters({ ...filters, event: event.target.value })}
                >
                  <option value="">All events</option>
                  {props.events.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="audit-person">Person (email or part of it)</label>
                <input
                  id="audit-person"
                  type="search"
                  maxLength={254}
                  value={filters.person}
                  onChange={(event) => setFilters({ ...filters, person: event.target.value })}
                />
              </div>
              <div style={{ flex: '0 0 auto' }}>
                <button type="submit">Filter</button>
              </div>
              {filtered && (
                <div style={{ flex: '0 0 auto' }}>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => {
                      const cleared = { event: '', person: '' }
                      setFilters(cleared)
                      visit(cleared)
                    }}
                  >
                    Clear
                  </button>
                </div>
              )}
            </div>
          </form>

          {props.data.length === 0 ? (
            <p>{filtered ? 'No events match these filters.' : 'No events yet.'}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Person</th>
                  <th scope="col">Actor</th>
                  <th scope="col">IP</th>
                  <th scope="col">User agent</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {props.data.map((entry) => {
                  const email = entry.person?.email ?? entry.email
                  return (
                    <tr key={entry.id}>
                      <td>{formatExactTimestamp(entry.createdAt)}</td>
                      <td className="event">
                        <code>{entry.event}</code>
                      </td>
                      <td>
                        {email ? (
                          <button
                            type="button"
                            className="link"
                            title="Show only this person's events"
                            onClick={() => showPerson(email)}
                          >
                            {email}
                          </button>
                        ) : (
                          <span className="muted">—</span>
                        )}
                        {!entry.person && entry.email && (
                          <div className="muted">no such account</div>
                        )}
                      </td>
                      <td>
                        <Actor entry={entry} />
                      </td>
                      <td>{entry.ip ?? <span className="muted">—</span>}</td>
                      <td className="user-agent">
                        {entry.userAgent ?? <span className="muted">—</span>}
                      </td>
                      <td>
                        <Details details={entry.details} />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )}
          <Pager
            meta={props.meta}
            noun={props.meta.total === 1 ? 'event' : 'events'}
            onPage={(page) => visit(props.filters, page)}
          />
        </section>
      </div>
    </SsoLayout>
  )
}
