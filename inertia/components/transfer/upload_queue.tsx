import type { QueuedFile } from './use_tus_upload'
import { formatBytes, formatDuration } from '~/components/shared/format'

const STATE_LABELS: Record<QueuedFile['state'], string> = {
  ready: 'Ready',
  waiting: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
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
    <ul className="tx-queue" aria-label="Files">
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
  const percent = size === 0 ? (item.state === 'done' ? 100 : 0) : (item.bytesSent / size) * 100
  const label = `${item.file.name}: ${STATE_LABELS[item.state]}`

  return (
    <li className={`tx-upload tx-upload-${item.state}`} aria-label={item.file.name}>
      <div className="tx-upload-head">
        <span className="tx-upload-name">{item.file.name}</span>
        <span className="muted small">{formatBytes(size)}</span>
      </div>
      <progress
        className="tx-progress"
        max={Math.max(size, 1)}
        value={size === 0 ? (item.state === 'done' ? 1 : 0) : item.bytesSent}
        aria-label={`Upload progress of ${item.file.name}`}
      />
      <div className="tx-upload-status small" aria-live="polite">
        <span className="tx-upload-state">{STATE_LABELS[item.state]}</span>
        {item.state !== 'ready' && item.state !== 'cancelled' && (
          <span className="tx-upload-percent">{Math.floor(percent)}%</span>
        )}
        {item.state === 'uploading' && item.speed !== null && (
          <span>{formatBytes(item.speed)}/s</span>
        )}
        {item.state === 'uploading' && item.secondsLeft !== null && (
          <span>{formatDuration(item.secondsLeft)} left</span>
        )}
        {item.resumed && item.state === 'uploading' && <span>continuing an earlier upload</span>}
        {item.error && (
          <span className="error" role="alert">
            {item.error}
          </span>
        )}
      </div>
      <div className="tx-upload-actions" aria-label={label}>
        {item.state === 'uploading' && (
          <button type="button" className="secondary" onClick={() => props.onPause(item.id)}>
            Pause
          </button>
        )}
        {(item.state === 'paused' || item.state === 'failed') && (
          <button type="button" className="secondary" onClick={() => props.onResume(item.id)}>
            {item.state === 'failed' ? 'Retry' : 'Resume'}
          </button>
        )}
        {(item.state === 'uploading' ||
          item.state === 'paused' ||
          item.state === 'waiting' ||
          item.state === 'failed') && (
          <button type="button" className="secondary" onClick={() => props.onCancel(item.id)}>
            Cancel
          </button>
        )}
        {(item.state === 'ready' || item.state === 'cancelled') && (
          <button type="button" className="secondary" onClick={() => props.onRemove(item.id)}>
            Remove
          </button>
        )}
      </div>
    </li>
  )
}
