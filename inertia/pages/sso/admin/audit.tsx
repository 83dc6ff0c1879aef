import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { SsoLayout } from '~/components/sso/sso_layout'
import { Pager, type PageMeta } from '~/components/shared/pager'
import { formatExactTimestamp, formatLocalTimestamp } from '~/components/shared/dates'
import { auditEventName, detailLines } from '~/components/shared/format'
import '~/components/sso/admin/admin.css'

type AuditEntry = Data.Sso.AuditEntry.Variants['forPage']

type Filters = {
  event: string
  person: string
  /** Calendar days 'YYYY-MM-DD', both included, in the reader's time zone. */
  from: string
  to: string
}

const NO_FILTERS: Filters = { event: '', person: '', from: '', to: '' }

function Actor(props: { entry: AuditEntry }) {
  const { actor, person } = props.entry
  if (!actor) {
    return <span className="muted">—</span>
  }
  if ('terminal' in actor) {
    return <span className="badge">Terminal (ace)</span>
  }
  if (person && actor.id === person.id) {
    return <span className="muted">themselves</span>
  }
  return <>{actor.email}</>
}

function Details(props: { details: AuditEntry['details'] }) {
  const lines = detailLines(props.details)
  if (lines.length === 0) {
    return <span className="muted">—</span>
  }
  return <div className="details">{lines.join('\n')}</div>
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
    if (next.from) data.from = next.from
    if (next.to) data.to = next.to
    if (next.from || next.to) {
      // The server reads the days in the reader's own time zone.
      data.tz = Intl.DateTimeFormat().resolvedOptions().timeZone
    }
    if (page > 1) data.page = page
    router.get('/admin/audit', data, {
      only: ['filters', 'data', 'meta'],
      preserveState: true,
    })
  }

  function apply(event: FormEvent) {
    event.preventDefault()
    visit({ ...filters, person: filters.person.trim() })
  }

  function showPerson(email: string) {
    const next = { ...props.filters, person: email }
    setFilters(next)
    visit(next)
  }

  const filtered = Object.values(props.filters).some((value) => value !== '')

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
                      {auditEventName(name)}
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
              <div>
                <label htmlFor="audit-from">From</label>
                <input
                  id="audit-from"
                  type="date"
                  value={filters.from}
                  max={filters.to || undefined}
                  onChange={(event) => setFilters({ ...filters, from: event.target.value })}
                />
              </div>
              <div>
                <label htmlFor="audit-to">To</label>
                <input
                  id="audit-to"
                  type="date"
                  value={filters.to}
                  min={filters.from || undefined}
                  onChange={(event) => setFilters({ ...filters, to: event.target.value })}
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
                      setFilters(NO_FILTERS)
                      visit(NO_FILTERS)
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
                  <th scope="col">IP address</th>
                  <th scope="col">Device</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {props.data.map((entry) => {
                  const email = entry.person?.email ?? entry.email
                  return (
                    <tr key={entry.id}>
                      <td>
                        <time
                          dateTime={entry.createdAt ?? undefined}
                          title={formatExactTimestamp(entry.createdAt)}
                        >
                          {formatLocalTimestamp(entry.createdAt)}
                        </time>
                      </td>
                      <td className="event" title={entry.event}>
                        {auditEventName(entry.event)}
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
                      <td className="user-agent" title={entry.userAgent ?? undefined}>
                        {entry.device ??
                          (entry.actor && 'terminal' in entry.actor ? (
                            'Terminal'
                          ) : (
                            <span className="muted">Unknown device</span>
                          ))}
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
