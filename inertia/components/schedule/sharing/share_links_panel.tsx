import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { formatTimestamp, formatTimestampDay, today } from '~/components/shared/dates'
import { useToast } from '~/components/shared/toasts'
import type { Data } from '~generated/data'

type ShareLink = Data.Schedule.ShareLink

const STATE_LABELS: Record<ShareLink['state'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
}

/**
 * The public links of one project, crew member or vendor: make one (with an
 * optional label and last day), copy it, revoke it, delete it. A recipient
 * sees only what the share page shows (no contact details, no internal notes).
 */
export function ShareLinksPanel(props: {
  resourceType: ShareLink['resourceType']
  resourceId: number
  resourceName: string
  /** The resource's links as the page's props carry them; the panel keeps its changes. */
  links: ShareLink[]
}) {
  const toast = useToast()
  const [links, setLinks] = useState(props.links)
  const [label, setLabel] = useState('')
  const [expiresOn, setExpiresOn] = useState('')
  const [creating, setCreating] = useState(false)

  async function create(event: FormEvent) {
    event.preventDefault()
    setCreating(true)
    try {
      const link = await api<ShareLink>('POST', '/api/share', {
        resourceType: props.resourceType,
        resourceId: props.resourceId,
        label: label.trim() || undefined,
        // The link works through the whole of its last day, in the reader's time zone.
        expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : undefined,
      })
      setLinks((current) => [link, ...current])
      setLabel('')
      setExpiresOn('')
      toast.info('Share link created. Copy it to send it.')
    } catch (error) {
      toast.error(`Could not create the link: ${errorMessage(error)}`)
    } finally {
      setCreating(false)
    }
  }

  function replace(updated: ShareLink) {
    setLinks((current) => current.map((link) => (link.id === updated.id ? updated : link)))
  }

  async function copy(link: ShareLink) {
    try {
      await navigator.clipboard.writeText(link.url)
      toast.info('Link copied.')
    } catch {
      toast.warning('Your browser did not allow copying: select the link and copy it by hand.')
    }
  }

  async function revoke(link: ShareLink) {
    try {
      replace(await api<ShareLink>('PATCH', `/api/share/${link.id}`, { revoked: true }))
      toast.info('The link no longer opens.')
    } catch (error) {
      toast.error(`Could not revoke the link: ${errorMessage(error)}`)
    }
  }

  async function remove(link: ShareLink) {
    try {
      await api('DELETE', `/api/share/${link.id}`)
      setLinks((current) => current.filter((other) => other.id !== link.id))
    } catch (error) {
      toast.error(`Could not delete the link: ${errorMessage(error)}`)
    }
  }

  const formId = `share-${props.resourceType}-${props.resourceId}`
  return (
    <section className="sc-section" aria-labelledby={`${formId}-heading`}>
      <h2 id={`${formId}-heading`}>Share links</h2>
      <p className="muted small">
        Anyone with a link sees {props.resourceName}&apos;s dates and bookings without signing in,
        but no phone numbers, emails or internal notes.
      </p>
      {links.length === 0 && <p className="muted">No share links yet.</p>}
      {links.length > 0 && (
        <ul className="sc-share-links">
          {links.map((link) => (
            <li key={link.id} className={`sc-share-link sc-share-${link.state}`}>
              <div className="sc-share-head">
                <strong>{link.label || 'Share link'}</strong>
                <span className={`sc-pill sc-pill-${link.state}`}>{STATE_LABELS[link.state]}</span>
              </div>
              <input
                readOnly
                className="sc-mono small"
                aria-label={`Address of ${link.label || 'share link'}`}
                value={link.url}
                onFocus={(event) => event.target.select()}
              />
              <p className="muted small">
                Created {formatTimestampDay(link.createdAt)}
                {link.expiresAt
                  ? ` · ${link.state === 'expired' ? 'expired' : 'expires'} ${formatTimestamp(link.expiresAt)}`
                  : ' · never expires'}
                {link.revokedAt && ` · revoked ${formatTimestamp(link.revokedAt)}`} · opened{' '}
                {link.viewCount} {link.viewCount === 1 ? 'time' : 'times'}
                {link.lastViewedAt && `, last ${formatTimestamp(link.lastViewedAt)}`}
              </p>
              <div className="sc-buttons">
                {link.state === 'active' && (
                  <>
                    <button type="button" className="secondary compact" onClick={() => copy(link)}>
                      Copy link
                    </button>
                    <ConfirmButton
                      compact
                      label="Revoke"
                      title="Revoke this share link?"
                      confirmLabel="Revoke"
                      onConfirm={() => revoke(link)}
                    >
                      <p>Whoever has the link can no longer open it. This cannot be undone.</p>
                    </ConfirmButton>
                  </>
                )}
                <ConfirmButton
                  compact
                  danger
                  label="Delete"
                  title="Delete this share link?"
                  confirmLabel="Delete"
                  onConfirm={() => remove(link)}
                >
                  <p>The link stops working and disappears from this list.</p>
                </ConfirmButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="sc-inline-form" onSubmit={create} aria-label="New share link">
        <div>
          <label htmlFor={`${formId}-label`}>Label (optional)</label>
          <input
            id={`${formId}-label`}
            maxLength={200}
            placeholder="e.g. For the client"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${formId}-expires`}>Last day (optional)</label>
          <input
            id={`${formId}-expires`}
            type="date"
            min={today()}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
          />
        </div>
        <button type="submit" disabled={creating}>
          Create share link
        </button>
      </form>
    </section>
  )
}
