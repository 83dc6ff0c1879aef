import { useState, type FormEvent } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { formatTimestamp, formatTimestampDay, relativeTimeProps } from '~/components/shared/dates'
import { Badge, type BadgeTone } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DatePicker } from '~/components/shared/ui/date_picker'
import { Field, TextInput } from '~/components/shared/ui/field'
import { RowMenu } from '~/components/shared/ui/row_menu'
import { useToast } from '~/components/shared/ui/toast'
import type { Data } from '~generated/data'

type ShareLink = Data.Schedule.ShareLink

const STATES: Record<ShareLink['state'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'danger' },
}

/** The question a link's menu asks before it acts. */
type Asking = { link: ShareLink; action: 'revoke' | 'delete' }

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
  const [asking, setAsking] = useState<Asking | null>(null)

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
      toast.success('Share link created. Copy it to send it.')
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
      toast.success('Link copied.')
    } catch {
      toast.warning('Your browser did not allow copying: select the link and copy it by hand.')
    }
  }

  async function revoke(link: ShareLink) {
    try {
      replace(await api<ShareLink>('PATCH', `/api/share/${link.id}`, { revoked: true }))
      toast.success('The link no longer opens.')
    } catch (error) {
      toast.error(`Could not revoke the link: ${errorMessage(error)}`)
      throw error
    }
  }

  async function remove(link: ShareLink) {
    try {
      await api('DELETE', `/api/share/${link.id}`)
      setLinks((current) => current.filter((other) => other.id !== link.id))
    } catch (error) {
      toast.error(`Could not delete the link: ${errorMessage(error)}`)
      throw error
    }
  }

  const formId = `share-${props.resourceType}-${props.resourceId}`
  return (
    <section className="ui-panel" aria-labelledby={`${formId}-heading`}>
      <h2 id={`${formId}-heading`}>Share links</h2>
      <p className="ui-muted">
        Anyone with a link sees {props.resourceName}&apos;s dates and bookings without signing in,
        but no phone numbers, emails or internal notes.
      </p>
      {links.length === 0 && (
        <p className="ui-muted">No share links yet: create one below to send to a client.</p>
      )}
      {links.length > 0 && (
        <ul className="sc-share-links">
          {links.map((link) => {
            const name = link.label || 'share link'
            return (
              <li key={link.id} className={`sc-share-link sc-share-${link.state}`}>
                <div className="sc-share-head">
                  <strong>{link.label || 'Share link'}</strong>
                  <Badge tone={STATES[link.state].tone}>{STATES[link.state].label}</Badge>
                </div>
                <div className="sc-share-address">
                  <TextInput
                    readOnly
                    aria-label={`Address of ${name}`}
                    value={link.url}
                    onFocus={(event) => event.target.select()}
                  />
                  {link.state === 'active' && (
                    <Button size="small" variant="secondary" onClick={() => copy(link)}>
                      Copy link
                    </Button>
                  )}
                  <RowMenu
                    label={name}
                    items={[
                      ...(link.state === 'active'
                        ? [
                            {
                              label: 'Revoke…',
                              onSelect: () => setAsking({ link, action: 'revoke' }),
                            },
                          ]
                        : []),
                      {
                        label: 'Delete…',
                        tone: 'danger' as const,
                        onSelect: () => setAsking({ link, action: 'delete' }),
                      },
                    ]}
                  />
                </div>
                <p className="ui-muted">
                  Created {formatTimestampDay(link.createdAt)}
                  {link.expiresAt
                    ? ` · ${link.state === 'expired' ? 'expired' : 'expires'} ${formatTimestamp(link.expiresAt)}`
                    : ' · never expires'}
                  {link.revokedAt && ` · revoked ${formatTimestamp(link.revokedAt)}`} · opened{' '}
                  {link.viewCount} {link.viewCount === 1 ? 'time' : 'times'}
                  {link.lastViewedAt && (
                    <>
                      , last <time {...relativeTimeProps(link.lastViewedAt)} />
                    </>
                  )}
                </p>
              </li>
            )
          })}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.action === 'revoke' ? 'Revoke this share link?' : 'Delete this share link?'}
        description={
          asking?.action === 'revoke'
            ? 'Whoever has the link can no longer open it. This cannot be undone.'
            : 'The link stops working and disappears from this list.'
        }
        confirmLabel={asking?.action === 'revoke' ? 'Revoke' : 'Delete'}
        onConfirm={() =>
          asking && (asking.action === 'revoke' ? revoke(asking.link) : remove(asking.link))
        }
      />
      <form className="sc-share-form" onSubmit={create} aria-label="New share link">
        <Field label="Label (optional)">
          <TextInput
            maxLength={200}
            placeholder="e.g. For the client"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
        </Field>
        <Field label="Last day (optional)" hint="The link works through the whole of this day.">
          <DatePicker value={expiresOn} onChange={setExpiresOn} />
        </Field>
        <Button type="submit" loading={creating}>
          Create share link
        </Button>
      </form>
    </section>
  )
}
