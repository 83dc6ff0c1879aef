import { useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { formatBytes, formatNumber } from '~/components/shared/format'
import { formatExactTimestamp, formatLocalTimestamp } from '~/components/shared/dates'
import { Badge } from '~/components/shared/ui/badge'
import { ButtonLink } from '~/components/shared/ui/button'
import { CopyField } from '~/components/shared/ui/copy_field'
import { DataTable, type DataColumn } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Notice } from '~/components/shared/ui/notice'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { OutcomeNotice, type Outcome } from '~/components/transfer/outcome_notice'
import { ShareForm, type ShareableUpload } from '~/components/transfer/share_form'
import { ShareActions } from '~/components/transfer/share_row'

type Share = Data.Transfer.StaffShare

/**
 * The staff shares page: create a share, then copy, read back, edit or
 * delete it. The shares arrive with the page; after a change only they are
 * reloaded. A created share's link shows under the form that made it, and
 * the form starts empty again, so one more click cannot make a duplicate.
 */
export function ShareList(props: {
  shares: Share[]
  uploads: ShareableUpload[]
  initialUploadId: string | null
  defaultExpiryDays: number
}) {
  const { shares, uploads, defaultExpiryDays } = props
  const [message, setMessage] = useState<Outcome | null>(null)
  const [created, setCreated] = useState<Share | null>(null)
  // A new key gives a new, empty form; after a share is made it asks for a file again.
  const [formKey, setFormKey] = useState(0)
  const [preselected, setPreselected] = useState<string | undefined>(
    props.initialUploadId ?? uploads[0]?.id
  )

  function changed(notice: string | null) {
    setMessage(notice ? { kind: 'notice', text: notice } : null)
    router.reload({ only: ['shares'] })
  }

  async function remove(share: Share) {
    try {
      await api('DELETE', `/api/staff-shares/${share.id}`)
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, 'Could not delete the share') })
      throw error
    }
    changed(`The share of ${share.fileName} was deleted.`)
  }

  const columns: DataColumn<Share>[] = [
    {
      key: 'share',
      header: 'Share',
      primary: true,
      cell: (share) => (
        <div className="ui-stack-tight">
          <span>
            <strong className="ui-break-anywhere">{share.title ?? share.fileName}</strong>{' '}
            {share.expired && <Badge tone="danger">Closed</Badge>}
          </span>
          <span className="ui-muted ui-break-anywhere">
            {share.title && `${share.fileName} · `}
            {formatBytes(share.size)}
            {share.createdBy && ` · shared by ${share.createdBy.displayName}`}
          </span>
          <CopyField value={share.url} label={`Link to ${share.fileName}`} />
        </div>
      ),
    },
    {
      key: 'password',
      header: 'Password',
      cell: (share) =>
        share.hasPassword ? (
          <PasswordInput
            readOnly
            value={share.password ?? '(unreadable)'}
            aria-label={`Password of ${share.fileName}`}
          />
        ) : (
          <span className="ui-muted">None</span>
        ),
    },
    {
      key: 'expires',
      header: 'Ends',
      nowrap: true,
      cell: (share) =>
        share.expiresAt ? (
          <time dateTime={share.expiresAt} title={formatExactTimestamp(share.expiresAt)}>
            {formatLocalTimestamp(share.expiresAt)}
          </time>
        ) : (
          <span className="ui-muted">No end date</span>
        ),
    },
    {
      key: 'downloads',
      header: 'Downloads',
      align: 'end',
      nowrap: true,
      cell: (share) => (
        <>
          {formatNumber(share.downloadCount)}
          {share.maxDownloads !== null && ` of ${formatNumber(share.maxDownloads)}`}
        </>
      ),
    },
  ]

  return (
    <div className="ui-stack ui-stack-loose">
      <section className="ui-panel" aria-labelledby="new-share-heading">
        <h2 id="new-share-heading">New share</h2>
        {uploads.length === 0 ? (
          <EmptyState
            title="No file to share yet"
            description="A share offers a finished upload to someone outside. Files visitors send on the upload page can be shared once they have arrived."
            action={
              <ButtonLink native href="/" variant="secondary">
                Open the upload page
              </ButtonLink>
            }
          />
        ) : (
          <ShareForm
            key={formKey}
            uploads={uploads}
            initialUploadId={preselected}
            defaultExpiryDays={defaultExpiryDays}
            onSaved={(share) => {
              setCreated(share)
              setPreselected(undefined)
              setFormKey((key) => key + 1)
              changed(null)
            }}
          />
        )}
        {created && (
          <Notice tone="success" role="status" title={`Share created for ${created.fileName}.`}>
            <div className="ui-stack">
              <p>Send this link{created.hasPassword ? ' and its password' : ''}:</p>
              <CopyField
                value={created.url}
                label={`Link to the new share of ${created.fileName}`}
              />
              {created.password && (
                <p>
                  Password: <code>{created.password}</code>
                </p>
              )}
            </div>
          </Notice>
        )}
      </section>
      <section className="ui-stack" aria-labelledby="shares-heading">
        <h2 id="shares-heading">Shares</h2>
        <OutcomeNotice outcome={message} />
        <DataTable
          caption="Shares"
          columns={columns}
          rows={shares}
          rowKey={(share) => share.id}
          empty={
            <EmptyState
              title="No shares yet"
              description="A share is a link that lets someone outside download one file, with an optional password, end date and download limit. Make the first one above."
            />
          }
          actions={(share) => (
            <ShareActions
              share={share}
              defaultExpiryDays={defaultExpiryDays}
              onSaved={() => changed(`The share of ${share.fileName} was saved.`)}
              onDelete={remove}
            />
          )}
        />
      </section>
    </div>
  )
}
