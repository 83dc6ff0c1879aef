import { useState, type FormEvent } from 'react'
import { Link, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { api } from '~/components/shared/api'
import { relativeTimeProps } from '~/components/shared/dates'
import { Badge } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, TextInput } from '~/components/shared/ui/field'
import { SearchIcon, UsersIcon } from '~/components/shared/ui/icons'
import { type MenuItem } from '~/components/shared/ui/menu'
import { RowMenu } from '~/components/shared/ui/row_menu'
import { PageHeader } from '~/components/shared/ui/page_header'
import { Pager, type PageMeta } from '~/components/shared/ui/pager'
import { SsoShell } from '~/components/sso/sso_shell'
import { ActionStatus, useAction } from '~/components/sso/use_action'

type Person = Data.Sso.Person

type Verb = 'disable' | 'enable' | 'end-sessions' | 'reset-totp' | 'grant-admin' | 'revoke-admin'

function sessionCount(sessions = 0) {
  return sessions === 1 ? '1 session' : `${sessions.toLocaleString()} sessions`
}

const DONE: Record<Verb, (email: string, sessions?: number) => string> = {
  'disable': (email, sessions) => `${email} is disabled; ${sessionCount(sessions)} ended.`,
  'enable': (email) => `${email} can sign in again.`,
  'end-sessions': (email, sessions) => `Ended ${sessionCount(sessions)} of ${email}.`,
  'reset-totp': (email) =>
    `Two-factor sign-in is off for ${email}; they can set it up again from their security page.`,
  'grant-admin': (email) => `${email} is now an admin.`,
  'revoke-admin': (email) => `${email} is no longer an admin.`,
}

/** What each action asks before it runs: the dialog's words and its button. */
function question(person: Person, verb: Verb, self: boolean) {
  const who = person.email
  switch (verb) {
    case 'disable':
      return {
        title: `Disable ${who}?`,
        description:
          'They are signed out everywhere at once and cannot sign in, to this service or any connected app, until enabled again.',
        confirmLabel: 'Disable and sign out',
        tone: 'danger' as const,
      }
    case 'end-sessions':
      return {
        title: `Sign ${who} out everywhere?`,
        description: `Every session they have on this service ends now${self ? ', including this one' : ''}. They can sign in again.`,
        confirmLabel: 'End all sessions',
        tone: 'primary' as const,
      }
    case 'reset-totp':
      return {
        title: `Reset two-factor sign-in of ${who}?`,
        description:
          'Their authenticator and recovery codes stop working and they sign in with their password alone until they set it up again. Do this only after checking who is asking.',
        confirmLabel: 'Reset two-factor',
        tone: 'danger' as const,
      }
    case 'revoke-admin':
      return {
        title: `Remove the admin rights of ${who}?`,
        description: 'They can no longer open this dashboard.',
        confirmLabel: 'Remove admin',
        tone: 'primary' as const,
      }
    case 'grant-admin':
      return {
        title: `Make ${who} an admin?`,
        description: 'Admins manage people, connected apps and see the audit log.',
        confirmLabel: 'Make admin',
        tone: 'primary' as const,
      }
    default:
      return null
  }
}

function Status(props: { person: Person }) {
  const { person } = props
  return (
    <span className="ui-cluster">
      {person.disabled ? (
        <Badge tone="danger">Disabled</Badge>
      ) : (
        <Badge tone="success">Active</Badge>
      )}
      {person.isAdmin && <Badge tone="accent">Admin</Badge>}
      {person.emailVerified ? (
        <Badge tone="success">Email verified</Badge>
      ) : (
        <Badge tone="warning">Email not verified</Badge>
      )}
      <Badge tone={person.totpEnabled ? 'success' : 'neutral'}>
        Two-factor {person.totpEnabled ? 'on' : 'off'}
      </Badge>
    </span>
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
  const [asking, setAsking] = useState<{ person: Person; verb: Verb } | null>(null)
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

  /** The row's actions: enabling runs at once, the rest ask first. */
  function actionsOf(person: Person): MenuItem[] {
    const self = person.id === props.currentUserId
    const ask = (verb: Verb) => () => setAsking({ person, verb })
    const items: MenuItem[] = []
    if (person.disabled) {
      items.push({ label: 'Enable', onSelect: () => perform(person, 'enable') })
    }
    items.push({ label: 'End sessions', onSelect: ask('end-sessions') })
    if (person.isAdmin && !self) {
      items.push({ label: 'Remove admin', onSelect: ask('revoke-admin') })
    }
    if (!person.isAdmin && !person.disabled) {
      items.push({ label: 'Make admin', onSelect: ask('grant-admin') })
    }
    if (person.totpEnabled) {
      items.push({ label: 'Reset two-factor', onSelect: ask('reset-totp'), tone: 'danger' })
    }
    if (!person.disabled && !self) {
      items.push({ label: 'Disable', onSelect: ask('disable'), tone: 'danger' })
    }
    return items
  }

  const asked = asking
    ? question(asking.person, asking.verb, asking.person.id === props.currentUserId)
    : null

  return (
    <SsoShell title="People" width="wide">
      <PageHeader
        title="People"
        description="Everyone with an account: who can sign in, who is an admin, and how each signs in."
      />
      <div className="ui-stack">
        <form onSubmit={search} role="search" aria-label="Search people" className="ui-cluster">
          <Field label="Email, name or username" hideLabel>
            <TextInput
              type="search"
              value={query}
              maxLength={254}
              placeholder="Email, name or username"
              onChange={(event) => setQuery(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="secondary" icon={<SearchIcon size={16} />}>
            Search
          </Button>
          <ActionStatus {...action} />
        </form>
        <DataTable
          caption="People"
          rows={props.data}
          rowKey={(person) => person.id}
          empty={
            <EmptyState
              icon={<UsersIcon size={32} />}
              title={props.filters.q ? `Nobody matches “${props.filters.q}”` : 'Nobody yet'}
              description={
                props.filters.q
                  ? 'Search by email, name or username; part of one is enough.'
                  : 'People appear here once they create an account on the sign-in page.'
              }
            />
          }
          columns={[
            {
              key: 'person',
              header: 'Person',
              primary: true,
              cell: (person) => {
                const shownName = person.displayName || person.name
                return (
                  <span className="ui-stack">
                    <span>
                      <strong>{shownName ?? person.email}</strong>
                      {person.id === props.currentUserId && (
                        <span className="ui-muted"> (you)</span>
                      )}
                    </span>
                    <span>{person.email}</span>
                    {person.username !== person.email && (
                      <span className="ui-muted">@{person.username}</span>
                    )}
                    <Link href={`/admin/audit?person=${encodeURIComponent(person.email)}`}>
                      Activity<span className="ui-visually-hidden"> of {person.email}</span>
                    </Link>
                  </span>
                )
              },
            },
            { key: 'status', header: 'Status', cell: (person) => <Status person={person} /> },
            {
              key: 'lastSignIn',
              header: 'Last sign-in',
              nowrap: true,
              cell: (person) =>
                person.lastSignInAt ? (
                  <time {...relativeTimeProps(person.lastSignInAt)} />
                ) : (
                  <span className="ui-muted">Never</span>
                ),
            },
          ]}
          actions={(person) => <RowMenu label={person.email} items={actionsOf(person)} />}
        />
        <Pager
          meta={props.meta}
          noun={props.meta.total === 1 ? 'person' : 'people'}
          onPage={(page) => visit({ q: props.filters.q, page })}
        />
      </div>
      {asking && asked && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          {...asked}
          onConfirm={() => perform(asking.person, asking.verb)}
        />
      )}
    </SsoShell>
  )
}
