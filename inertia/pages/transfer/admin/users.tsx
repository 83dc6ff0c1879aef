import { useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { AddPersonForm, type PersonRole } from '~/components/shared/add_person_form'
import { api, fieldErrors } from '~/components/shared/api'
import { AdminUserRow } from '~/components/transfer/admin_user_row'

type Props = {
  user: Data.Transfer.SessionUser | null
  people: Data.Transfer.User[]
}

type Message = { kind: 'error' | 'notice'; text: string }

/** Who may use transfer. Staff see the list; admins add, edit and remove people. */
export default function UsersPage({ user, people }: Props) {
  const isAdmin = user?.role === 'admin'
  const [message, setMessage] = useState<Message | null>(null)

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
      <section className="card">
        {message && (
          <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              {isAdmin && <th>Actions</th>}
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <AdminUserRow
                key={person.id}
                person={person}
                isSelf={person.id === user?.userId}
                canManage={isAdmin}
                onChanged={(_, notice) => changed(notice)}
                onRemoved={(gone) => changed(`${gone.email} can no longer sign in.`)}
                onError={(text) => setMessage({ kind: 'error', text })}
              />
            ))}
          </tbody>
        </table>
      </section>
      {isAdmin && (
        <section className="card">
          <h2>Add a person</h2>
          <AddPersonForm onAdd={add} />
        </section>
      )}
    </AdminShell>
  )
}
