import { useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useApi } from '~/components/shared/api'
import { ShareForm, type ShareableUpload } from '~/components/transfer/share_form'
import { ShareRow } from '~/components/transfer/share_row'
import { CopyLinkField } from '~/components/transfer/copy_link_field'

/**
 * The staff shares page: create a share, then copy, read back, edit or
 * delete it. The shares arrive with the page; after a change only they are
 * reloaded. A created share's link shows under the form that made it, and
 * the form starts empty again, so one more click cannot make a duplicate.
 */
export function ShareList(props: {
  shares: Data.Transfer.StaffShare[]
  uploads: ShareableUpload[]
  initialUploadId: string | null
}) {
  const { shares, uploads } = props
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null)
  const [created, setCreated] = useState<Data.Transfer.StaffShare | null>(null)
  // A new key gives a new, empty form; after a share is made it asks for a file again.
  const [formKey, setFormKey] = useState(0)
  const [preselected, setPreselected] = useState<string | undefined>(
    props.initialUploadId ?? uploads[0]?.id
  )
  const deletion = useApi()

  function changed(notice: string | null) {
    setMessage(notice ? { kind: 'notice', text: notice } : null)
    router.reload({ only: ['shares'] })
  }

  async function remove(share: Data.Transfer.StaffShare) {
    if (!window.confirm(`Delete the share of ${share.fileName}? Its link stops working.`)) {
      return
    }
    if (await deletion.send('DELETE', `/api/staff-shares/${share.id}`)) {
      changed(`The share of ${share.fileName} was deleted.`)
    } else {
      setMessage(null)
    }
  }

  const shown = deletion.errorText ? { kind: 'error' as const, text: deletion.errorText } : message

  return (
    <>
      <section className="card">
        <h2>New share</h2>
        {uploads.length === 0 ? (
          <p className="muted">There is no finished upload to share yet.</p>
        ) : (
          <ShareForm
            key={formKey}
            uploads={uploads}
            initialUploadId={preselected}
            onSaved={(share) => {
              setCreated(share)
              setPreselected(undefined)
              setFormKey((key) => key + 1)
              changed(null)
            }}
          />
        )}
        {created && (
          <div className="tx-share-created">
            <p className="notice" role="status">
              Share created for {created.fileName}. Send this link
              {created.hasPassword ? ' and its password' : ''}:
            </p>
            <CopyLinkField
              url={created.url}
              label={`Link to the new share of ${created.fileName}`}
            />
            {created.password && (
              <p className="small">
                Password: <span className="tx-share-password">{created.password}</span>
              </p>
            )}
          </div>
        )}
      </section>
      <section className="card">
        <h2>Shares</h2>
        {shown && (
          <p className={shown.kind} role={shown.kind === 'error' ? 'alert' : 'status'}>
            {shown.text}
          </p>
        )}
        {shares.length === 0 ? (
          <p className="muted">No shares yet.</p>
        ) : (
          <ul className="tx-share-items">
            {shares.map((share) => (
              <ShareRow
                key={share.id}
                share={share}
                onDelete={remove}
                onChanged={() => changed(null)}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
