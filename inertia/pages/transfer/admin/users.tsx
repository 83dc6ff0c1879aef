import { useEffect, useState } from 'react'
import { AdminShell, type StaffUser } from '~/components/transfer/admin_shell'
import { AddPersonForm, type PersonRole } from '~/components/shared/add_person_form'
import { api } from '~/components/shared/api'
import { fieldErrors } from '~/components/transfer/admin_errors'
import { AdminUserRow, type TransferUserRow } from '~/components/transfer/admin_user_row'

type Message = { kind: 'error' | 'notice'; text: string }

/** Who may use transfer. Staff see the list; admins add, edit and remove people. */
export default function UsersPage({ user }: { user: StaffUser | null }) {
  const isAdmin = user?.role === 'admin'
  const [people, setPeople] = useState<TransferUserRow[] | null>(null)
  const [message, setMessage] = useState<Message | null>(null)

  useEffect(() => {
    if (!user) {
      return
    }
    api<TransferUserRow[]>('GET', '/api/users')
      .then(setPeople)
      .catch((error: unknown) =>
        setMessage({ kind: 'error', text: fieldErrors(error).form ?? 'Could not load people' })
      )
  }, [user])

  async function add(email: string, role: PersonRole) {
    setMessage(null)
    try {
      const person = await api<TransferUserRow>('POST', '/api/users', { email, role })
      setPeople((current) => [...(current ?? []), person])
      setMessage({ kind: 'notice', text: `${person.email} can now sign in.` })
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

  function replace(updated: TransferUserRow, notice: string) {
    setPeople(
      (current) => current?.map((person) => (person.id === updated.id ? updated : person)) ?? null
    )
    setMessage({ kind: 'notice', text: notice })
  }

  function removed(gone: TransferUserRow) {
    setPeople((current) => current?.filter((person) => person.id !== gone.id) ?? null)
    setMessage({ kind: 'notice', text: `${gone.email} can no longer sign in.` })
  }

  return (
    <AdminShell user={user} section="users" title="Users">
      <section className="card">
        <h1>Users</h1>
        <p className="muted">
          Only these people can sign in to transfer, with the same email they use at the sign-in
          service.
          {!isAdmin && ' Only admins can change who has access.'}
        </p>
        {message && (
          <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        {people === null ? (
          <p className="muted">Loading…</p>
        ) : (
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
                  onChanged={replace}
                  onRemoved={removed}
                  onError={(text) => setMessage({ kind: 'error', text })}
                />
              ))}
            </tbody>
          </table>
        )}
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
