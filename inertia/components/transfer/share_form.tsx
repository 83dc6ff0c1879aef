import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, ApiError, errorMessage } from '~/components/shared/api'

/** A finished upload the new-share form offers. */
export type ShareableUpload = Data.Transfer.StaffUpload.Variants['forPicker']

/** The first field error of a 422 (with its field), or the error's message. */
function describe(error: unknown) {
  if (error instanceof ApiError && error.status === 422) {
    const [first] = Object.entries(error.fields)
    if (first) {
      return `${first[0]}: ${first[1]}`
    }
  }
  return errorMessage(error, 'Could not save the share')
}

/**
 * Creates a share for an upload, or edits one. Blank fields mean "the
 * default" when creating and "unchanged" when editing; a blank password
 * removes the password.
 */
export function ShareForm(props: {
  share?: Data.Transfer.StaffShare
  uploads?: ShareableUpload[]
  /** The file chosen when the form opens; none (a "Choose a file" prompt) when absent. */
  initialUploadId?: string
  onSaved: (share: Data.Transfer.StaffShare) => void
  onCancel?: () => void
}) {
  const editing = props.share
  const prefix = editing ? `share-${editing.id}` : 'new-share'
  const [uploadId, setUploadId] = useState(
    props.uploads?.find((upload) => upload.id === props.initialUploadId)?.id ?? ''
  )
  const [password, setPassword] = useState(editing?.password ?? '')
  const [expiresInDays, setExpiresInDays] = useState('')
  const [maxDownloads, setMaxDownloads] = useState(editing?.maxDownloads?.toString() ?? '')
  const [title, setTitle] = useState(editing?.title ?? '')
  const [message, setMessage] = useState(editing?.message ?? '')
  const [recipients, setRecipients] = useState('')
  const [notify, setNotify] = useState(editing?.notifyOnDownload ?? false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function generate() {
    try {
      const generated = await api<{ password: string }>('GET', '/api/generate-password')
      setPassword(generated.password)
    } catch (failure) {
      setError(describe(failure))
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    const body: Record<string, unknown> = {
      title: title.trim() || null,
      message: message.trim() || null,
      maxDownloads: maxDownloads ? Number(maxDownloads) : null,
      notifyOnDownload: notify,
    }
    if (expiresInDays !== '') {
      body.expiresInDays = Number(expiresInDays)
    }
    if (!editing || password !== (editing.password ?? '')) {
      body.password = password
    }
    try {
      const saved = editing
        ? await api<Data.Transfer.StaffShare>('PUT', `/api/staff-shares/${editing.id}`, body)
        : await api<Data.Transfer.StaffShare>('POST', '/api/staff-shares', {
            ...body,
            uploadId,
            recipientEmails: recipients.split(/[\s,;]+/).filter(Boolean),
          })
      props.onSaved(saved)
    } catch (failure) {
      setError(describe(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={save} aria-label={editing ? `Edit share of ${editing.fileName}` : 'New share'}>
      {!editing && (
        <>
          <label htmlFor={`${prefix}-upload`}>File</label>
          <select
            id={`${prefix}-upload`}
            required
            value={uploadId}
            onChange={(event) => setUploadId(event.target.value)}
          >
            <option value="" disabled>
              Choose a file
            </option>
            {(props.uploads ?? []).map((upload) => (
              <option key={upload.id} value={upload.id}>
                {upload.fileName}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${prefix}-password`}>Password</label>
      <div className="tx-inline-field">
        <input
          id={`${prefix}-password`}
          type="text"
          autoComplete="off"
          placeholder="No password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="button" className="secondary" onClick={generate}>
          Generate
        </button>
      </div>
      <div className="row">
        <div>
          <label htmlFor={`${prefix}-days`}>Expires in days</label>
          <input
            id={`${prefix}-days`}
            type="number"
            min={0}
            max={3650}
            placeholder={editing ? 'Unchanged' : 'Default'}
            value={expiresInDays}
            onChange={(event) => setExpiresInDays(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${prefix}-max`}>Download limit</label>
          <input
            id={`${prefix}-max`}
            type="number"
            min={1}
            placeholder="Unlimited"
            value={maxDownloads}
            onChange={(event) => setMaxDownloads(event.target.value)}
          />
        </div>
      </div>
      <label htmlFor={`${prefix}-title`}>Title</label>
      <input
        id={`${prefix}-title`}
        maxLength={200}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <label htmlFor={`${prefix}-message`}>Message to the recipient</label>
      <textarea
        id={`${prefix}-message`}
        className="tx-textarea"
        rows={3}
        maxLength={5000}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {!editing && (
        <>
          <label htmlFor={`${prefix}-recipients`}>Email the link to</label>
          <input
            id={`${prefix}-recipients`}
            placeholder="name@example.com, other@example.com"
            value={recipients}
            onChange={(event) => setRecipients(event.target.value)}
          />
        </>
      )}
      <label className="tx-checkbox">
        <input
          type="checkbox"
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />
        Email me when it is downloaded
      </label>
      <div className="tx-button-row">
        <button type="submit" disabled={busy || (!editing && !uploadId)}>
          {editing ? 'Save changes' : 'Create share'}
        </button>
        {props.onCancel && (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
