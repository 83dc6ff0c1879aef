import { useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { AddPersonForm, type PersonRole } from '~/components/shared/add_person_form'
import { api, fieldErrors } from '~/components/shared/api'
import { AdminUserActions } from '~/components/transfer/admin_user_row'
import { Badge } from '~/components/shared/ui/badge'
import { DataTable } from '~/components/shared/ui/data_table'
import { OutcomeNotice, type Outcome } from '~/components/transfer/outcome_notice'

type Props = {
  user: Data.Transfer.SessionUser | null
  people: Data.Transfer.User[]
}

/** Who may use transfer. Staff see the list; admins add, edit and remove people. */
export default function UsersPage({ user, people }: Props) {
  const isAdmin = user?.role === 'admin'
  const [message, setMessage] = useState<Outcome | null>(null)

  /* The list comes with the page; after a change only it is read again. */
  function changed(notice: string) {
    setMessage({ kind: 'notice', text: notice })
    router.reload({ only: ['people'] })
  }

  async function add(email: string, role: PersonRole) {
    setMessage(null)
    try {
      const person = await api<Data.Transfer.User>('POST', '/api/users', { email, role })
      changed(`${person.email} can now sign in.`)
      return true
    } catch (error) {
      const errors = fieldErrors(error)
      setMessage({
        kind: 'error',
        text: errors.form ?? errors.email ?? 'Could not add this person',
      })
      return false
    }
  }

  return (
    <AdminShell
      user={user}
      section="users"
      title="Users"
      description={`Only these people can sign in to transfer, with the same email they use at the sign-in service.${isAdmin ? '' : ' Only admins can change who has access.'}`}
    >
      <div className="ui-stack">
        <OutcomeNotice outcome={message} />
        <DataTable
          caption="People who can sign in to transfer"
          rows={people}
          rowKey={(person) => person.id}
          columns={[
            {
              key: 'name',
              header: 'Name',
              primary: true,
              cell: (person) => (
                <>
                  {person.displayName}
                  {person.id === user?.userId && <span className="ui-muted"> (you)</span>}
                </>
              ),
            },
            {
              key: 'email',
              header: 'Email',
              cell: (person) => <span className="ui-break-anywhere">{person.email}</span>,
            },
            {
              key: 'role',
              header: 'Role',
              cell: (person) => (
                <Badge tone={person.role === 'admin' ? 'accent' : 'neutral'}>{person.role}</Badge>
              ),
            },
          ]}
          actions={
            isAdmin
              ? (person) => (
                  <AdminUserActions
                    person={person}
                    isSelf={person.id === user?.userId}
                    onChanged={(_, notice) => changed(notice)}
                    onRemoved={(gone) => changed(`${gone.email} can no longer sign in.`)}
                    onError={(text) => setMessage({ kind: 'error', text })}
                  />
                )
              : undefined
          }
        />
        {isAdmin && (
          <section className="ui-panel" aria-labelledby="add-person-heading">
            <h2 id="add-person-heading">Add a person</h2>
            <AddPersonForm onAdd={add} />
          </section>
        )}
      </div>
    </AdminShell>
  )
}
