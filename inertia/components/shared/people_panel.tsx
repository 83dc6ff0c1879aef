import { useEffect, useState } from 'react'
import { AddPersonForm, type PersonRole } from './add_person_form'
import { api, ApiError } from './api'

type Person = {
  id: string
  email: string
  displayName: string
  role: 'staff' | 'admin'
}

/** Lists the people allowed into the app and lets an admin add one. */
export function PeoplePanel(props: { url: string; canManage: boolean }) {
  const [people, setPeople] = useState<Person[] | null>(null)
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null)

  useEffect(() => {
    api<Person[]>('GET', props.url)
      .then(setPeople)
      .catch((error: unknown) =>
        setMessage({
          kind: 'error',
          text: error instanceof Error ? error.message : 'Could not load people',
        })
      )
  }, [props.url])

  async function add(email: string, role: PersonRole) {
    setMessage(null)
    try {
      const person = await api<Person>('POST', props.url, { email, role })
      setPeople((current) => [...(current ?? []), person])
      setMessage({ kind: 'notice', text: `${person.email} can now sign in.` })
      return true
    } catch (error) {
      const text = error instanceof ApiError ? error.message : 'Could not add this person'
      setMessage({ kind: 'error', text })
      return false
    }
  }

  return (
    <section className="card">
      <h2>People with access</h2>
      {people === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <tr key={person.id}>
                <td>{person.displayName}</td>
                <td>{person.email}</td>
                <td>{person.role}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.canManage && <AddPersonForm onAdd={add} />}
      {message && <p className={message.kind}>{message.text}</p>}
    </section>
  )
}
