import type { Data } from '~generated/data'
import { formatBytes, formatNumber } from '~/components/shared/format'
import { relativeTimeProps } from '~/components/shared/dates'
import { FactList } from '~/components/shared/ui/fact_list'
import { Notice } from '~/components/shared/ui/notice'
import { ProgressBar } from '~/components/shared/ui/progress_bar'

type Progress = Data.Transfer.BackupStatus['progress']

/** How far the backup of finished uploads has come: bytes, counts, the file under way, the last error. */
export function BackupProgress({ progress }: { progress: Progress }) {
  return (
    <div className="ui-stack">
      <ProgressBar
        label="Backed up"
        value={progress.bytesTotal === 0 ? 0 : progress.bytesDone}
        max={Math.max(progress.bytesTotal, 1)}
        detail={`${formatBytes(progress.bytesDone)} of ${formatBytes(progress.bytesTotal)}`}
      />
      {progress.current && (
        <ProgressBar
          label={`Now: ${progress.current.fileName}`}
          value={progress.current.bytesDone}
          max={Math.max(progress.current.size, 1)}
          detail={`${formatBytes(progress.current.bytesDone)} of ${formatBytes(progress.current.size)}`}
        />
      )}
      <FactList
        facts={[
          {
            label: 'Uploads backed up',
            value: `${formatNumber(progress.done)} of ${formatNumber(progress.total)}`,
          },
          {
            label: 'Waiting',
            value: formatNumber(progress.pending + progress.uploading),
          },
          progress.failed > 0 && { label: 'Failed', value: formatNumber(progress.failed) },
          {
            label: 'Last backup',
            value: progress.lastBackupAt ? (
              <time {...relativeTimeProps(progress.lastBackupAt)} />
            ) : (
              'Never'
            ),
          },
        ]}
      />
      {progress.lastError && (
        <Notice
          tone="warning"
          title={`The backup of ${progress.lastError.fileName} did not go through`}
        >
          {progress.lastError.message}
        </Notice>
      )}
    </div>
  )
}
