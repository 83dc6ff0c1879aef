import { useState } from 'react'
import { Link } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { formatBytes } from '~/components/shared/format'
import { formatLocalTimestamp } from '~/components/shared/dates'
import { ShareForm } from '~/components/transfer/share_form'
import { CopyLinkField } from '~/components/transfer/copy_link_field'

/** One share in the staff list: link to copy, password to reveal, edit, delete. */
export function ShareRow(props: {
  share: Data.Transfer.StaffShare
  onChanged: (share: Data.Transfer.StaffShare) => void
  onDelete: (share: Data.Transfer.StaffShare) => void
}) {
  const { share } = props
  const [revealed, setRevealed] = useState(false)
  const [editing, setEditing] = useState(false)

  return (
    <li className="tx-share-item" aria-label={`Share of ${share.fileName}`}>
      <div className="tx-file-name">
        {share.title ?? share.fileName}
        {share.expired && <span className="tx-share-closed">Closed</span>}
      </div>
      <div className="muted small">
        {share.title && `${share.fileName} · `}
        {formatBytes(share.size)}
        {share.createdBy && ` · shared by ${share.createdBy.displayName}`}
      </div>
      <CopyLinkField url={share.url} label={`Link to ${share.fileName}`} />
      <dl className="tx-share-facts tx-share-facts-row">
        <dt>Password</dt>
        <dd>
          {share.hasPassword ? (
            <>
              <span className="tx-share-password" aria-label={`Password of ${share.fileName}`}>
                {revealed ? (share.password ?? '(unreadable)') : '••••••••'}
              </span>{' '}
              <button type="button" className="link" onClick={() => setRevealed(!revealed)}>
                {revealed ? 'Hide' : 'Show'}
              </button>
            </>
          ) : (
            'None'
          )}
        </dd>
        <dt>Expires</dt>
        <dd>{share.expiresAt ? formatLocalTimestamp(share.expiresAt) : 'Never'}</dd>
        <dt>Downloads</dt>
        <dd aria-label={`Downloads of ${share.fileName}`}>
          {share.downloadCount}
          {share.maxDownloads !== null && ` of ${share.maxDownloads}`}
        </dd>
      </dl>
      <div className="tx-row-actions">
        <button type="button" className="link" onClick={() => setEditing(!editing)}>
          Edit
        </button>
        <a href={`/api/staff-shares/${share.id}/download`}>Download</a>
        <Link href={`/admin/logs?shareId=${share.id}`}>Download log</Link>
        <button
          type="button"
          className="link tx-danger-link"
          onClick={() => props.onDelete(share)}
          aria-label={`Delete share of ${share.fileName}`}
        >
          Delete
        </button>
      </div>
      {editing && (
        <ShareForm
          share={share}
          onSaved={(saved) => {
            setEditing(false)
            props.onChanged(saved)
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </li>
  )
}
