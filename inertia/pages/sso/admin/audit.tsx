import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { relativeTimeProps } from '~/components/shared/dates'
import { auditEventName, detailLines } from '~/components/shared/format'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { DataTable } from '~/components/shared/ui/data_table'
import { DatePicker } from '~/components/shared/ui/date_picker'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, TextInput } from '~/components/shared/ui/field'
import { PageHeader } from '~/components/shared/ui/page_header'
import { Pager, type PageMeta } from '~/components/shared/ui/pager'
import { Select } from '~/components/shared/ui/select'
import { SsoShell } from '~/components/sso/sso_shell'

type AuditEntry = Data.Sso.AuditEntry.Variants['forPage']

type Filters = {
  event: string
  person: string
  /** Calendar days 'YYYY-MM-DD', both included, in the reader's time zone. */
  from: string
  to: string
}

const NO_FILTERS: Filters = { event: '', person: '', from: '', to: '' }
/** The Select's value for "no event filter" (its values cannot be empty). */
const ALL_EVENTS = 'all'

function Actor(props: { entry: AuditEntry }) {
  const { actor, person } = props.entry
  if (!actor) {
    return <span className="ui-muted">—</span>
  }
  if ('terminal' in actor) {
    return <Badge tone="neutral">Terminal (ace)</Badge>
  }
  if (person && actor.id === person.id) {
    return <span className="ui-muted">themselves</span>
  }
  return <>{actor.email}</>
}

function Details(props: { details: AuditEntry['details'] }) {
  const lines = detailLines(props.details)
  if (lines.length === 0) {
    return <span className="ui-muted">—</span>
  }
  return (
    <span className="ui-stack">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
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
    <SsoShell title="Audit log" width="wide">
      <PageHeader
        title="Audit log"
        description="Security events and admin changes, newest first."
      />
      <div className="ui-stack">
        <form onSubmit={apply} aria-label="Filter the audit log" className="ui-panel ui-stack">
          <div className="ui-form-grid">
            <Field label="Event">
              <Select
                value={filters.event || ALL_EVENTS}
                onValueChange={(value) =>
                  setFilters({ ...filters, event: value === ALL_EVENTS ? '' : value })
                }
                options={[
                  { value: ALL_EVENTS, label: 'All events' },
                  ...props.events.map((name) => ({ value: name, label: auditEventName(name) })),
                ]}
              />
            </Field>
            <Field label="Person (email or part of it)">
              <TextInput
                type="search"
                maxLength={254}
                value={filters.person}
                onChange={(event) => setFilters({ ...filters, person: event.target.value })}
              />
            </Field>
            <Field label="From">
              <DatePicker
                value={filters.from}
                onChange={(from) => setFilters({ ...filters, from })}
              />
            </Field>
            <Field label="To">
              <DatePicker value={filters.to} onChange={(to) => setFilters({ ...filters, to })} />
            </Field>
          </div>
          <div className="ui-cluster">
            <Button type="submit">Filter</Button>
            {filtered && (
              <Button
                variant="secondary"
                onClick={() => {
                  setFilters(NO_FILTERS)
                  visit(NO_FILTERS)
                }}
              >
                Clear
              </Button>
            )}
          </div>
        </form>

        <DataTable
          caption="Audit log"
          rows={props.data}
          rowKey={(entry) => entry.id}
          empty={
            <EmptyState
              title={filtered ? 'No events match these filters.' : 'No events yet.'}
              description={
                filtered
                  ? 'Widen the dates or clear the filters to see more.'
                  : 'Sign-ins, password changes and admin changes are listed here as they happen.'
              }
            />
          }
          columns={[
            {
              key: 'event',
              header: 'Event',
              primary: true,
              cell: (entry) => <span title={entry.event}>{auditEventName(entry.event)}</span>,
            },
            {
              key: 'when',
              header: 'When',
              nowrap: true,
              cell: (entry) =>
                entry.createdAt ? (
                  <time {...relativeTimeProps(entry.createdAt)} />
                ) : (
                  <span className="ui-muted">—</span>
                ),
            },
            {
              key: 'person',
              header: 'Person',
              cell: (entry) => {
                const email = entry.person?.email ?? entry.email
                return (
                  <span className="ui-stack">
                    {email ? (
                      <button
                        type="button"
                        className="ui-link-button"
                        title="Show only this person's events"
                        onClick={() => showPerson(email)}
                      >
                        {email}
                      </button>
                    ) : (
                      <span className="ui-muted">—</span>
                    )}
                    {!entry.person && entry.email && (
                      <span className="ui-muted">no such account</span>
                    )}
                  </span>
                )
              },
            },
            { key: 'actor', header: 'Actor', cell: (entry) => <Actor entry={entry} /> },
            {
              key: 'ip',
              header: 'IP address',
              cell: (entry) => entry.ip ?? <span className="ui-muted">—</span>,
            },
            {
              key: 'device',
              header: 'Device',
              cell: (entry) => (
                <span title={entry.userAgent ?? undefined}>
                  {entry.device ??
                    (entry.actor && 'terminal' in entry.actor ? (
                      'Terminal'
                    ) : (
                      <span className="ui-muted">Unknown device</span>
                    ))}
                </span>
              ),
            },
            {
              key: 'details',
              header: 'Details',
              cell: (entry) => <Details details={entry.details} />,
            },
          ]}
        />
        <Pager
          meta={props.meta}
          noun={props.meta.total === 1 ? 'event' : 'events'}
          onPage={(page) => visit(props.filters, page)}
        />
      </div>
    </SsoShell>
  )
}
