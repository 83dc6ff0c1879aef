import { useEffect, useState } from 'react'
import { api, ApiError } from '~/components/shared/api'
import { ShareForm, type ShareableUpload, type StaffShareView } from './share_form'
import { ShareRow } from './share_row'

/** The staff shares page: create a share, then copy, read back, edit or delete it. */
export function ShareList() {
  const [shares, setShares] = useState<StaffShareView[] | null>(null)
  const [uploads, setUploads] = useState<ShareableUpload[] | null>(null)
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null)
  // Arriving from the uploads page with ?upload=<id> preselects that file.
  const [initialUploadId] = useState(
    () => new URL(window.location.href).searchParams.get('upload') ?? undefined
  )

  useEffect(() => {
    const failed = (error: unknown) =>
      setMessage({
        kind: 'error',
        text: error instanceof ApiError ? error.message : 'Could not load the shares',
      })
    api<StaffShareView[]>('GET', '/api/staff-shares').then(setShares).catch(failed)
    api<{ data: ShareableUpload[] }>(
      'GET',
      '/api/public-uploads?status=complete&sort=created&order=desc&perPage=100'
    )
      .then((page) => setUploads(page.data))
      .catch(failed)
  }, [])

  async function remove(share: StaffShareView) {
    if (!window.confirm(`Delete the share of ${share.fileName}? Its link stops working.`)) {
      return
    }
    try {
      await api('DELETE', `/api/staff-shares/${share.id}`)
      setShares((current) => (current ?? []).filter((item) => item.id !== share.id))
      setMessage({ kind: 'notice', text: `The share of ${share.fileName} was deleted.` })
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof ApiError ? error.message : 'Could not delete the share',
      })
    }
  }

  return (
    <>
      <section className="card">
        <h1>New share</h1>
        {uploads === null ? (
          <p className="muted">Loading…</p>
        ) : uploads.length === 0 ? (
          <p className="muted">There is no finished upload to share yet.</p>
        ) : (
          <ShareForm
            uploads={uploads}
            initialUploadId={initialUploadId}
            onSaved={(share) => {
              setShares((current) => [share, ...(current ?? [])])
              setMessage({ kind: 'notice', text: `Share created for ${share.fileName}.` })
            }}
          />
        )}
      </section>
      <section className="card">
        <h2>Shares</h2>
        {message && (
          <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        {shares === null ? (
          <p className="muted">Loading…</p>
        ) : shares.length === 0 ? (
          <p className="muted">No shares yet.</p>
        ) : (
          <ul className="tx-share-items">
            {shares.map((share) => (
              <ShareRow
                key={share.id}
                share={share}
                onDelete={remove}
                onChanged={(saved) =>
                  setShares((current) =>
                    (current ?? []).map((item) => (item.id === saved.id ? saved : item))
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
