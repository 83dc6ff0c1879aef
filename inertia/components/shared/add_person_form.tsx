import { useState, type FormEvent } from 'react'
import { Button } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'

export type PersonRole = 'staff' | 'admin'

const ROLES = [
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admin' },
]

/**
 * The admin's "add a person" form of the relying apps: an email and a role.
 * `onAdd` reports the outcome itself and resolves true when the person was
 * added, which clears the email for the next one (a refused one stays, to
 * be corrected).
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
      <div className="ui-form-grid">
        <Field label="Email" hint="The one they sign in with.">
          <TextInput
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field label="Role" hint="Admins also manage people and settings.">
          <Select
            value={role}
            options={ROLES}
            onValueChange={(value) => setRole(value as PersonRole)}
          />
        </Field>
      </div>
      <Button type="submit" loading={saving}>
        Add person
      </Button>
    </form>
  )
}
