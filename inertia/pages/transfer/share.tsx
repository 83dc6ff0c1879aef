import { useState, type FormEvent } from 'react'
import { Layout } from '~/components/shared/layout'
import type { Data } from '~generated/data'
import { api, ApiError, errorMessage } from '~/components/shared/api'
import { formatBytes } from '~/components/transfer/file_format'
import { formatLocalTimestamp } from '~/components/shared/dates'

type Props = {
  siteName: string
  share: Data.Transfer.PublicShare | null
  unavailable: { status: 404 | 410; message: string } | null
}

/**
 * The recipient's page of a share link: what the file is, the password prompt
 * when there is one, and a download button. The button asks the API for a
 * short-lived download URL and hands it to the browser, which saves the file
 * (it comes as an attachment) and stays on this page.
 */
export default function SharePage({ siteName, share, unavailable }: Props) {
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [closed, setClosed] = useState<string | null>(unavailable?.message ?? null)
  const [started, setStarted] = useState(false)

  async function download(event: FormEvent) {
    event.preventDefault()
    if (!share) {
      return
    }
    setBusy(true)
    setError(null)
    try {
      const { url } = await api<{ url: string }>('POST', `/api/share/${share.token}/download`, {
        password: share.hasPassword ? password : undefined,
      })
      setStarted(true)
      window.location.assign(url)
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 410 || failure.status === 404)) {
        setClosed(failure.message)
      } else {
        setError(errorMessage(failure, 'The download could not start.'))
      }
    } finally {
      setBusy(false)
    }
  }

  if (!share || closed) {
    return (
      <Layout title={closed ?? 'Share'} brand={siteName}>
        <section className="card">
          <h1>{unavailable?.status === 404 ? 'Link not found' : 'Link no longer available'}</h1>
          <p role="alert">{closed ?? 'Share not found'}</p>
          <p className="muted">Ask the person who sent you this link for a new one.</p>
        </section>
      </Layout>
    )
  }

  return (
    <Layout title={share.title ?? share.fileName} brand={siteName}>
      <section className="card">
        <h1>{share.title ?? 'A file for you'}</h1>
        {share.message && <p className="tx-share-message">{share.message}</p>}
        <dl className="tx-share-facts">
          <dt>File</dt>
          <dd className="tx-file-name">{share.fileName}</dd>
          <dt>Size</dt>
          <dd>{formatBytes(share.size)}</dd>
          {share.expiresAt && (
            <>
              <dt>Available until</dt>
              <dd>{formatLocalTimestamp(share.expiresAt)}</dd>
            </>
          )}
          {share.downloadsRemaining !== null && (
            <>
              <dt>Downloads left</dt>
              <dd>{share.downloadsRemaining}</dd>
            </>
          )}
        </dl>
        <form onSubmit={download} aria-label="Download">
          {share.hasPassword && (
            <>
              <label htmlFor="share-password">Password</label>
              <input
                id="share-password"
                type="password"
                autoComplete="off"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </>
          )}
          <button type="submit" disabled={busy}>
            {busy ? 'Preparing…' : 'Download'}
          </button>
        </form>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {started && !error && (
          <p className="notice" role="status">
            Your download is starting.
          </p>
        )}
      </section>
    </Layout>
  )
}
