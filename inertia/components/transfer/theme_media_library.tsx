import { useEffect, useState } from 'react'
import { api, ApiError, csrfToken, errorMessage } from '~/components/shared/api'
import { formatBytes } from '~/components/shared/format'
import { Badge } from '~/components/shared/ui/badge'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { Field } from '~/components/shared/ui/field'
import { FileDropZone } from '~/components/shared/ui/file_drop_zone'
import { Notice } from '~/components/shared/ui/notice'
import { ProgressBar } from '~/components/shared/ui/progress_bar'
import { RowMenu } from '~/components/shared/ui/row_menu'
import { useToast } from '~/components/shared/ui/toast'

export type ThemeMediaItem = {
  id: string
  kind: 'image' | 'video'
  status: 'pending' | 'processing' | 'ready' | 'failed'
  progress: number
  error: string | null
  name: string
  size: number
  width: number | null
  height: number | null
  durationSeconds: number | null
  preset: string | null
  thumbnailUrl: string | null
  usedOn: string[]
}

export type AppearanceLimits = {
  maxImageBytes: number
  maxVideoBytes: number
  maxVideoSeconds: number
}

const ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/quicktime': ['.mov'],
  'video/webm': ['.webm'],
}

/** One multipart upload with its progress (fetch cannot report an upload's progress). */
function uploadMedia(file: File, onProgress: (sent: number) => void) {
  return new Promise<ThemeMediaItem>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/theme/media')
    request.setRequestHeader('accept', 'application/json')
    request.setRequestHeader('x-csrf-token', csrfToken())
    request.upload.onprogress = (event) => onProgress(event.loaded)
    request.onload = () => {
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(request.responseText)
      } catch {
        // An answer without JSON (a proxy's page): the status says enough.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as ThemeMediaItem)
      } else {
        reject(new ApiError(request.status, body))
      }
    }
    request.onerror = () => reject(new TypeError('network'))
    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}

function describe(item: ThemeMediaItem) {
  return [
    item.width && item.height ? `${item.width}×${item.height}` : null,
    item.durationSeconds ? `${item.durationSeconds.toFixed(1)} s` : null,
    formatBytes(item.size),
  ]
    .filter(Boolean)
    .join(' · ')
}

function StatusCell({ item }: { item: ThemeMediaItem }) {
  if (item.status === 'processing') {
    return (
      <ProgressBar
        label={item.kind === 'video' ? 'Transcoding' : 'Processing'}
        value={item.kind === 'video' ? item.progress : null}
      />
    )
  }
  if (item.status === 'failed') {
    return (
      <div className="ui-stack ui-stack-tight">
        <Badge tone="danger">Failed</Badge>
        <span className="ui-muted">{item.error}</span>
      </div>
    )
  }
  return item.status === 'ready' ? (
    <Badge tone="success">Ready</Badge>
  ) : (
    <Badge tone="neutral">Waiting to process</Badge>
  )
}

/**
 * The admins' media library: upload pictures and videos (with progress),
 * watch them being processed, reprocess or delete them. While something is
 * being processed the list refreshes itself.
 */
export function ThemeMediaLibrary({
  media,
  onChange,
  limits,
  videosProblem,
}: {
  media: ThemeMediaItem[]
  /** Takes how to change the list (the list may change while an upload is on its way). */
  onChange: (update: (media: ThemeMediaItem[]) => ThemeMediaItem[]) => void
  limits: AppearanceLimits
  videosProblem: string | null
}) {
  const toast = useToast()
  const [chosen, setChosen] = useState<File[]>([])
  const [sending, setSending] = useState<{ name: string; sent: number; size: number } | null>(null)
  const [deleting, setDeleting] = useState<ThemeMediaItem | null>(null)
  const busy = media.some((item) => item.status === 'pending' || item.status === 'processing')

  async function refresh() {
    const fresh = await api<ThemeMediaItem[]>('GET', '/api/theme/media')
    onChange(() => fresh)
  }

  useEffect(() => {
    if (!busy) {
      return
    }
    const timer = window.setInterval(() => void refresh().catch(() => {}), 2000)
    return () => window.clearInterval(timer)
    // refresh only reads state through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy])

  async function send(files: File[]) {
    setChosen(files)
    for (const file of files) {
      setSending({ name: file.name, sent: 0, size: file.size })
      try {
        const added = await uploadMedia(file, (sent) =>
          setSending({ name: file.name, sent, size: file.size })
        )
        onChange((current) => [added, ...current])
        toast.success(`${file.name} uploaded; it is being processed`)
      } catch (error) {
        toast.error(`${file.name}: ${errorMessage(error, 'The upload failed')}`)
      }
    }
    setSending(null)
    setChosen([])
  }

  async function reprocess(item: ThemeMediaItem) {
    try {
      const again = await api<ThemeMediaItem>('POST', `/api/theme/media/${item.id}/reprocess`)
      onChange((current) => current.map((entry) => (entry.id === again.id ? again : entry)))
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  async function remove(item: ThemeMediaItem) {
    try {
      await api('DELETE', `/api/theme/media/${item.id}`)
      onChange((current) => current.filter((entry) => entry.id !== item.id))
      toast.success(`${item.name} deleted`)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  return (
    <section className="ui-panel ui-stack" aria-labelledby="media-library-heading">
      <h2 id="media-library-heading">Media library</h2>
      {videosProblem && <Notice tone="warning">{videosProblem}</Notice>}
      <Field label="Add pictures or videos">
        <FileDropZone
          files={chosen}
          onFilesChange={(files) => void send(files)}
          accept={ACCEPT}
          maxSize={limits.maxVideoBytes}
          disabled={sending !== null}
          help={`JPEG, PNG, WebP or AVIF up to ${formatBytes(limits.maxImageBytes)}; MP4, MOV or WebM up to ${formatBytes(limits.maxVideoBytes)} and ${limits.maxVideoSeconds / 60} minutes`}
          onRejected={(rejections) =>
            toast.error(
              `${rejections.map((rejection) => rejection.file.name).join(', ')}: not a picture or video this library takes, or too large`
            )
          }
        />
      </Field>
      {sending && (
        <ProgressBar
          label={`Uploading ${sending.name}`}
          value={sending.sent}
          max={sending.size}
          detail={`${formatBytes(sending.sent)} of ${formatBytes(sending.size)}`}
        />
      )}
      <DataTable
        caption="Background media"
        rows={media}
        rowKey={(item) => item.id}
        empty="No pictures or videos yet. Add one above to use it as a page background."
        columns={[
          {
            key: 'thumbnail',
            header: 'Preview',
            cell: (item) =>
              item.thumbnailUrl ? (
                <img className="ui-thumbnail" src={item.thumbnailUrl} alt="" loading="lazy" />
              ) : (
                <span className="ui-thumbnail" />
              ),
          },
          {
            key: 'name',
            header: 'Name',
            primary: true,
            cell: (item) => (
              <div className="ui-stack ui-stack-tight">
                <span>{item.name}</span>
                <span className="ui-muted">
                  {item.kind === 'video' ? 'Video' : 'Picture'} · {describe(item)}
                </span>
              </div>
            ),
          },
          { key: 'status', header: 'Status', cell: (item) => <StatusCell item={item} /> },
          {
            key: 'used',
            header: 'Used on',
            cell: (item) => (item.usedOn.length ? item.usedOn.map(pageLabel).join(', ') : '—'),
          },
        ]}
        actionsHeader="Actions"
        actions={(item) => (
          <RowMenu
            label={`Actions for ${item.name}`}
            items={[
              { label: 'Process again', onSelect: () => void reprocess(item) },
              { label: 'Delete…', tone: 'danger', onSelect: () => setDeleting(item) },
            ]}
          />
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={
          deleting?.usedOn.length
            ? `It is the background of ${deleting.usedOn.map(pageLabel).join(' and ')}: choose another there first.`
            : 'Its processed files go too. Pages do not use it.'
        }
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => deleting && remove(deleting)}
      />
    </section>
  )
}

export const PAGE_LABELS: Record<string, string> = {
  upload: 'Upload page',
  share: 'Share page',
  sign_in: 'Staff sign-in',
}

function pageLabel(page: string) {
  return PAGE_LABELS[page] ?? page
}
