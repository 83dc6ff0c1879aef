import { useEffect, useState, type FormEvent } from 'react'
import { api, ApiError } from './http'

interface Person {
  id: string
  email: string
  displayName: string
  role: 'staff' | 'admin'
}

/** Lists the people allowed into the app and lets an admin add one. */
export function PeoplePanel(props: { url: string; canManage: boolean }) {
  const [people, setPeople] = useState<Person[] | null>(null)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<'staff' | 'admin'>('staff')
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null)
  const [saving, setSaving] = useState(false)

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

  async function add(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    setMessage(null)
    try {
      const person = await api<Person>('POST', props.url, { email, role })
      setPeople((current) => [...(current ?? []), person])
      setEmail('')
      setMessage({ kind: 'notice', text: `${person.email} can now sign in.` })
    } catch (error) {
      const text = error instanceof ApiError ? error.message : 'Could not add this person'
      setMessage({ kind: 'error', text })
    } finally {
      setSaving(false)
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
      {props.canManage && (
        <form onSubmit={add} aria-label="Add a person">
          <div className="row">
            <div>
              <label htmlFor="person-email">Email</label>
              <input
                id="person-email"
                type="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div>
              <label htmlFor="person-role">Role</label>
              <select
                id="person-role"
                value={role}
                onChange={(event) => setRole(event.target.value as 'staff' | 'admin')}
              >
                <option value="staff">staff</option>
                <option value="admin">admin</option>
              </select>
            </div>
          </div>
          <button type="submit" disabled={saving}>
            Add person
          </button>
        </form>
      )}
      {message && <p className={message.kind}>{message.text}</p>}
    </section>
  )
}
