import { useState, type FormEvent } from 'react'

export type PersonRole = 'staff' | 'admin'

/**
 * The admin's "add a person" form of the relying apps: an email and a role.
 * `onAdd` reports the outcome itself and resolves true when the person was
 * added, which clears the email for the next one.
 */
export function AddPersonForm(props: {
  onAdd: (email: string, role: PersonRole) => Promise<boolean>
}) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<PersonRole>('staff')
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    try {
      if (await props.onAdd(email, role)) {
        setEmail('')
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={submit} aria-label="Add a person">
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
            onChange={(event) => setRole(event.target.value as PersonRole)}
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
  )
}
