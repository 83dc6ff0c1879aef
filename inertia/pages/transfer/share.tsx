import { useRef, useState, type FormEvent } from 'react'
import { Layout } from '~/components/shared/layout'
import type { Data } from '~generated/data'
import { api, ApiError, errorMessage } from '~/components/shared/api'
import { formatBytes } from '~/components/shared/format'
import { formatLocalTimestamp } from '~/components/shared/dates'

type Share = Data.Transfer.PublicShare.Variants['forPage']

type Props = {
  siteName: string
  share: Share | null
  unavailable: { status: 404 | 410; message: string } | null
}

/** A download URL the server handed this visit, and until when it works. */
type Grant = { url: string; expiresAt: string }

/* A URL this close to its end may die before the browser starts on it. */
const GRANT_MARGIN_MS = 30_000

/**
 * The recipient's page of a share link: who sent what, the password prompt
 * when there is one, and one Download button. The button asks the API for a
 * short-lived download URL and hands it to the browser, which saves the file
 * (it comes as an attachment) and stays on this page. One visit's download
 * counts once: while a request is on its way nothing else is sent, and
 * asking again reuses the URL already handed out while it is valid.
 */
export default function SharePage({ siteName, share, unavailable }: Props) {
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [closed, setClosed] = useState<string | null>(unavailable?.message ?? null)
  const [remaining, setRemaining] = useState(share?.downloadsRemaining ?? null)
  const [grant, setGrant] = useState<Grant | null>(null)
  // A ref, not state: Enter and a click can both arrive before React re-renders.
  const inFlight = useRef(false)

  async function download(event: FormEvent) {
    event.preventDefault()
    if (!share || inFlight.current) {
      return
    }
    if (grant && Date.parse(grant.expiresAt) - Date.now() > GRANT_MARGIN_MS) {
      window.location.assign(grant.url)
      return
    }
    inFlight.current = true
    setBusy(true)
    setError(null)
    try {
      const granted = await api<Grant>('POST', `/api/share/${share.token}/download`, {
        password: share.hasPassword ? password : undefined,
      })
      setGrant(granted)
      window.location.assign(granted.url)
      if (remaining !== null) {
        const left = await downloadsLeft(share.token)
        if (left !== undefined) {
          setRemaining(left)
        }
      }
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 410 || failure.status === 404)) {
        setClosed(failure.message)
      } else {
        setError(errorMessage(failure, 'The download could not start.'))
      }
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }

  if (!share || closed) {
    return (
      <Layout title={closed ?? 'Share'} brand={siteName}>
        <section className="card tx-share-card">
          <h1>{unavailable?.status === 404 ? 'Link not found' : 'Link no longer available'}</h1>
          <p role="alert">{closed ?? 'Share not found'}</p>
          <p className="muted">Ask the person who sent you this link for a new one.</p>
        </section>
      </Layout>
    )
  }

  const sender = share.senderName ? `${share.senderName} at ${siteName}` : siteName

  return (
    <Layout title={share.title ?? share.fileName} brand={siteName}>
      <section className="card tx-share-card" aria-labelledby="share-heading">
        <p className="tx-share-sender">{sender} sent you a file</p>
        <h1 id="share-heading">{share.title ?? share.fileName}</h1>
        {share.message && <p className="tx-share-message">{share.message}</p>}
        <dl className="tx-share-facts">
          {share.title && (
            <>
              <dt>File</dt>
              <dd className="tx-file-name">{share.fileName}</dd>
            </>
          )}
          <dt>Size</dt>
          <dd>{formatBytes(share.size)}</dd>
          {share.expiresAt && (
            <>
              <dt>Available until</dt>
              <dd>{formatLocalTimestamp(share.expiresAt)}</dd>
            </>
          )}
          {remaining !== null && (
            <>
              <dt>Downloads left</dt>
              <dd aria-live="polite">{remaining}</dd>
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
          <button type="submit" className="tx-download-button" disabled={busy}>
            {busy ? 'Preparing…' : grant ? 'Download again' : 'Download'}
          </button>
        </form>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {grant && !error && (
          <p className="notice" role="status">
            Your download is starting.
            {remaining === 0 && ' That was the last download this link allows.'}
          </p>
        )}
      </section>
    </Layout>
  )
}

/**
 * What the server now says is left: none once the share is used up (410),
 * undefined when it could not be asked (the download itself has started).
 */
async function downloadsLeft(token: string) {
  try {
    const fresh = await api<Data.Transfer.PublicShare>('GET', `/api/share/${token}`)
    return fresh.downloadsRemaining
  } catch (failure) {
    return failure instanceof ApiError && failure.status === 410 ? 0 : undefined
  }
}
