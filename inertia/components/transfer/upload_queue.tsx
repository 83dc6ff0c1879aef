import type { QueuedFile } from './use_tus_upload'
import { formatBytes, formatDuration } from '~/components/shared/format'
import { Badge, type BadgeTone } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ProgressBar } from '~/components/shared/ui/progress_bar'

const STATE_LABELS: Record<QueuedFile['state'], string> = {
  ready: 'Ready',
  waiting: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

const STATE_TONES: Record<QueuedFile['state'], BadgeTone> = {
  ready: 'neutral',
  waiting: 'neutral',
  uploading: 'info',
  paused: 'warning',
  done: 'success',
  failed: 'danger',
  cancelled: 'neutral',
}

/** One row per file: progress bar, percent, speed, time left and its controls. */
export function UploadQueue(props: {
  files: QueuedFile[]
  onPause: (id: string) => void
  onResume: (id: string) => void
  onCancel: (id: string) => void
  onRemove: (id: string) => void
}) {
  if (props.files.length === 0) {
    return null
  }
  return (
    <ul className="ui-drop-files" aria-label="Files">
      {props.files.map((item) => (
        <UploadRow key={item.id} item={item} {...props} />
      ))}
    </ul>
  )
}

function UploadRow(props: {
  item: QueuedFile
  onPause: (id: string) => void
  onResume: (id: string) => void
  onCancel: (id: string) => void
  onRemove: (id: string) => void
}) {
  const { item } = props
  const size = item.file.size
  // An empty file has nothing to send: its bar is full once it is done.
  const max = Math.max(size, 1)
  const sent = size === 0 ? (item.state === 'done' ? 1 : 0) : item.bytesSent
  const label = `${item.file.name}: ${STATE_LABELS[item.state]}`

  return (
    <li className="ui-stack" aria-label={item.file.name}>
      <ProgressBar label={item.file.name} value={sent} max={max} detail={formatBytes(size)} />
      <div className="ui-cluster" aria-live="polite">
        <Badge tone={STATE_TONES[item.state]}>{STATE_LABELS[item.state]}</Badge>
        {item.state === 'uploading' && item.speed !== null && (
          <span className="ui-muted">{formatBytes(item.speed)}/s</span>
        )}
        {item.state === 'uploading' && item.secondsLeft !== null && (
          <span className="ui-muted">{formatDuration(item.secondsLeft)} left</span>
        )}
        {item.resumed && item.state === 'uploading' && (
          <span className="ui-muted">continuing an earlier upload</span>
        )}
        {item.error && (
          <span className="ui-field-error" role="alert">
            {item.error}
          </span>
        )}
      </div>
      <div className="ui-cluster" role="group" aria-label={label}>
        {item.state === 'uploading' && (
          <Button variant="secondary" size="small" onClick={() => props.onPause(item.id)}>
            Pause
          </Button>
        )}
        {(item.state === 'paused' || item.state === 'failed') && (
          <Button variant="secondary" size="small" onClick={() => props.onResume(item.id)}>
            {item.state === 'failed' ? 'Retry' : 'Resume'}
          </Button>
        )}
        {(item.state === 'uploading' ||
          item.state === 'paused' ||
          item.state === 'waiting' ||
          item.state === 'failed') && (
          <Button variant="secondary" size="small" onClick={() => props.onCancel(item.id)}>
            Cancel
          </Button>
        )}
        {(item.state === 'ready' || item.state === 'cancelled') && (
          <Button variant="secondary" size="small" onClick={() => props.onRemove(item.id)}>
            Remove
          </Button>
        )}
      </div>
    </li>
  )
}
