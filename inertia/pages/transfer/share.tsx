import { useRef, useState, type FormEvent } from 'react'
import { AppShell } from '~/components/shared/ui/app_shell'
import { Button } from '~/components/shared/ui/button'
import { FactList } from '~/components/shared/ui/fact_list'
import { Field } from '~/components/shared/ui/field'
import { DownloadIcon } from '~/components/shared/ui/icons'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { PasswordInput } from '~/components/shared/ui/password_input'
import type { Data } from '~generated/data'
import { api, ApiError, errorMessage } from '~/components/shared/api'
import { formatBytes } from '~/components/shared/format'
import { formatLocalTimestamp, relativeTimeProps } from '~/components/shared/dates'
import { ThemeBackdrop, type PublicTheme } from '~/components/transfer/theme_backdrop'

type Share = Data.Transfer.PublicShare.Variants['forPage']

type Props = {
  siteName: string
  theme: PublicTheme
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
export default function SharePage({ siteName, theme, share, unavailable }: Props) {
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
      <AppShell title={closed ?? 'Share'} appName={siteName} width="narrow">
        <ThemeBackdrop theme={theme}>
          <PageHeader
            title={unavailable?.status === 404 ? 'Link not found' : 'Link no longer available'}
          />
          <div className="ui-panel ui-stack">
            <Notice tone="warning" role="alert">
              {closed ?? 'Share not found'}
            </Notice>
            <p className="ui-muted">Ask the person who sent you this link for a new one.</p>
          </div>
        </ThemeBackdrop>
      </AppShell>
    )
  }

  const sender = share.senderName ? `${share.senderName} at ${siteName}` : siteName

  return (
    <AppShell title={share.title ?? share.fileName} appName={siteName} width="narrow">
      <ThemeBackdrop theme={theme}>
        <PageHeader
          title={share.title ?? share.fileName}
          description={`${sender} sent you a file`}
        />
        <section className="ui-panel ui-stack" aria-label="The file">
          {share.message && <p className="ui-preserve-lines">{share.message}</p>}
          <FactList
            facts={[
              share.title && { label: 'File', value: share.fileName },
              { label: 'Size', value: formatBytes(share.size) },
              share.expiresAt && {
                label: 'Available until',
                value: (
                  <>
                    {formatLocalTimestamp(share.expiresAt)}{' '}
                    <span className="ui-muted">
                      (<time {...relativeTimeProps(share.expiresAt)} />)
                    </span>
                  </>
                ),
              },
              remaining !== null && { label: 'Downloads left', value: remaining, live: true },
            ]}
          />
          <form onSubmit={download} aria-label="Download" className="ui-stack">
            {share.hasPassword && (
              <Field label="Password">
                <PasswordInput
                  required
                  autoComplete="off"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </Field>
            )}
            <Button type="submit" className="ui-button-hero" icon={<DownloadIcon />} loading={busy}>
              {busy ? 'Preparing…' : grant ? 'Download again' : 'Download'}
            </Button>
          </form>
          {error && (
            <Notice tone="danger" role="alert">
              {error}
            </Notice>
          )}
          {grant && !error && (
            <Notice tone="success" role="status">
              Your download is starting.
              {remaining === 0 && ' That was the last download this link allows.'}
            </Notice>
          )}
        </section>
      </ThemeBackdrop>
    </AppShell>
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
