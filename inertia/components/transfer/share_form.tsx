import { useState, type FormEvent, type ReactNode } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors } from '~/components/shared/api'
import { formatLocalTimestamp } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { Combobox } from '~/components/shared/ui/combobox'
import { DatePicker } from '~/components/shared/ui/date_picker'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { Select } from '~/components/shared/ui/select'

/** A finished upload the new-share form offers. */
export type ShareableUpload = Data.Transfer.StaffUpload.Variants['forPicker']

/**
 * How long the link works: the choices of the form, read into the API's
 * `expiresInDays` (0: no end) or `expiresAt` (the end of a picked day).
 */
type Expiry = 'unchanged' | 'default' | '1' | '7' | '30' | '90' | 'never' | 'date'

function days(count: number) {
  return count === 1 ? '1 day' : `${count} days`
}

function expiryOptions(editing: Data.Transfer.StaffShare | undefined, defaultDays: number) {
  const first = editing
    ? {
        value: 'unchanged',
        label: editing.expiresAt
          ? `Unchanged: until ${formatLocalTimestamp(editing.expiresAt)}`
          : 'Unchanged: no end date',
      }
    : {
        value: 'default',
        label: defaultDays > 0 ? `${days(defaultDays)} (the default)` : 'No end date (the default)',
      }
  return [
    first,
    ...[1, 7, 30, 90].map((count) => ({ value: String(count), label: days(count) })),
    { value: 'never', label: 'No end date' },
    { value: 'date', label: 'Until a date…' },
  ]
}

/** The API's expiry fields for a choice; none for "the default" and "unchanged". */
function expiryBody(expiry: Expiry, lastDay: string) {
  if (expiry === 'never') {
    return { expiresInDays: 0 }
  }
  if (expiry === 'date') {
    // The link works through the whole of the picked day, in the person's time zone.
    const [year, month, day] = lastDay.split('-').map(Number)
    return { expiresAt: new Date(year, month - 1, day, 23, 59, 59).toISOString() }
  }
  if (expiry === 'default' || expiry === 'unchanged') {
    return {}
  }
  return { expiresInDays: Number(expiry) }
}

/**
 * Creates a share for an upload, or edits one. Blank fields mean "none"
 * (a blank password removes the password when editing).
 */
export function ShareForm(props: {
  share?: Data.Transfer.StaffShare
  uploads?: ShareableUpload[]
  /** The file chosen when the form opens; none (a "Choose a file" prompt) when absent. */
  initialUploadId?: string
  /** How long a share works when its expiry is left at the default (0: no end). */
  defaultExpiryDays: number
  onSaved: (share: Data.Transfer.StaffShare) => void
  /** The form's own buttons beside Save (Cancel in a dialog). */
  cancel?: ReactNode
}) {
  const editing = props.share
  const uploads = props.uploads ?? []
  const [upload, setUpload] = useState<ShareableUpload | null>(
    uploads.find((entry) => entry.id === props.initialUploadId) ?? null
  )
  const [password, setPassword] = useState(editing?.password ?? '')
  const [passwordShown, setPasswordShown] = useState(false)
  const [expiry, setExpiry] = useState<Expiry>(editing ? 'unchanged' : 'default')
  const [lastDay, setLastDay] = useState('')
  const [maxDownloads, setMaxDownloads] = useState(editing?.maxDownloads?.toString() ?? '')
  const [title, setTitle] = useState(editing?.title ?? '')
  const [message, setMessage] = useState(editing?.message ?? '')
  const [recipients, setRecipients] = useState('')
  const [notify, setNotify] = useState(editing?.notifyOnDownload ?? false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [generating, setGenerating] = useState(false)

  async function generate() {
    setGenerating(true)
    try {
      const generated = await api<{ password: string }>('GET', '/api/generate-password')
      setPassword(generated.password)
      // A generated password is for passing on: show it.
      setPasswordShown(true)
      setErrors(({ password: _, ...rest }) => rest)
    } catch (failure) {
      setErrors(fieldErrors(failure))
    } finally {
      setGenerating(false)
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    if (expiry === 'date' && !lastDay) {
      setErrors({ expiresAt: 'Pick the last day the link works.' })
      return
    }
    setBusy(true)
    setErrors({})
    const body: Record<string, unknown> = {
      title: title.trim() || null,
      message: message.trim() || null,
      maxDownloads: maxDownloads ? Number(maxDownloads) : null,
      notifyOnDownload: notify,
      ...expiryBody(expiry, lastDay),
    }
    if (!editing || password !== (editing.password ?? '')) {
      body.password = password
    }
    try {
      const saved = editing
        ? await api<Data.Transfer.StaffShare>('PUT', `/api/staff-shares/${editing.id}`, body)
        : await api<Data.Transfer.StaffShare>('POST', '/api/staff-shares', {
            ...body,
            uploadId: upload?.id,
            recipientEmails: recipients.split(/[\s,;]+/).filter(Boolean),
          })
      props.onSaved(saved)
    } catch (failure) {
      setErrors(fieldErrors(failure))
    } finally {
      setBusy(false)
    }
  }

  // Refusals of fields the form does not show (or of the whole request) go under it.
  const shownFields = [
    'uploadId',
    'password',
    'expiresAt',
    'expiresInDays',
    'maxDownloads',
    'title',
    'message',
    'recipientEmails',
  ]
  const otherErrors = Object.entries(errors)
    .filter(([key]) => !shownFields.some((field) => key === field || key.startsWith(`${field}.`)))
    .map(([, text]) => text)
  const recipientError = Object.entries(errors).find(([key]) =>
    key.startsWith('recipientEmails')
  )?.[1]

  return (
    <form
      onSubmit={save}
      aria-label={editing ? `Edit share of ${editing.fileName}` : 'New share'}
      className="ui-stack"
      noValidate
    >
      <div className="ui-form-grid">
        {!editing && (
          <Field label="File" error={errors.uploadId} required>
            <Combobox
              items={uploads}
              selectedItem={upload}
              onSelectedItemChange={setUpload}
              itemToString={(item) => item?.fileName ?? ''}
              itemKey={(item) => item.id}
              placeholder="Choose a file"
              emptyText="No finished upload has this name"
            />
          </Field>
        )}
        <Field
          label="Password"
          hint="The recipient types it before downloading. Leave empty for none."
          error={errors.password}
        >
          <div className="ui-input-row">
            <PasswordInput
              autoComplete="off"
              placeholder="No password"
              value={password}
              shown={passwordShown}
              onShownChange={setPasswordShown}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button variant="secondary" loading={generating} onClick={generate}>
              Generate
            </Button>
          </div>
        </Field>
        <Field label="Link works for" error={errors.expiresInDays}>
          <Select
            value={expiry}
            options={expiryOptions(editing, props.defaultExpiryDays)}
            onValueChange={(value) => setExpiry(value as Expiry)}
          />
        </Field>
        {expiry === 'date' && (
          <Field label="Last day" error={errors.expiresAt} required>
            <DatePicker value={lastDay} onChange={setLastDay} />
          </Field>
        )}
        <Field label="Download limit" hint="Empty: no limit." error={errors.maxDownloads}>
          <TextInput
            type="number"
            inputMode="numeric"
            min={1}
            placeholder="Unlimited"
            value={maxDownloads}
            onChange={(event) => setMaxDownloads(event.target.value)}
          />
        </Field>
        <Field
          label="Title"
          hint="Shown to the recipient instead of the file's name."
          error={errors.title}
        >
          <TextInput
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Field>
      </div>
      <Field label="Message to the recipient" error={errors.message}>
        <Textarea
          rows={3}
          maxLength={5000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      {!editing && (
        <Field
          label="Email the link to"
          hint="Addresses separated by commas. The email never contains the password."
          error={recipientError}
        >
          <TextInput
            type="text"
            inputMode="email"
            autoComplete="off"
            placeholder="name@example.com, other@example.com"
            value={recipients}
            onChange={(event) => setRecipients(event.target.value)}
          />
        </Field>
      )}
      <Checkbox
        label="Email me when it is downloaded"
        checked={notify}
        onChange={(event) => setNotify(event.target.checked)}
      />
      {otherErrors.length > 0 && (
        <Notice tone="danger" role="alert">
          {otherErrors.join(' ')}
        </Notice>
      )}
      <div className="ui-cluster">
        <Button type="submit" loading={busy} disabled={!editing && !upload}>
          {editing ? 'Save changes' : 'Create share'}
        </Button>
        {props.cancel}
      </div>
    </form>
  )
}
