import { useState } from 'react'
import { ApiError, errorMessage, sendJsonWithProgress } from '~/components/shared/api'
import { formatBytes } from '~/components/shared/format'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { Field } from '~/components/shared/ui/field'
import { FileDropZone } from '~/components/shared/ui/file_drop_zone'
import { Notice } from '~/components/shared/ui/notice'
import { ProgressBar } from '~/components/shared/ui/progress_bar'
import { useToast } from '~/components/shared/ui/toast'

/** POST /api/admin/import's answer (README, "Backup and import"). */
type TableChanges = { added: number; updated: number; unchanged: number; removed: number }
type ImportProblem = { table?: string; row?: string; column?: string; message: string }
type ImportSummary = {
  dryRun: boolean
  applied: boolean
  formatVersion: number | null
  upgradedFrom: number | null
  appVersion: string | null
  createdAt: string | null
  tables: Record<string, TableChanges>
  totals: TableChanges
  problems: ImportProblem[]
  problemCount: number
}

/** The route's limit: a larger file is refused before it is sent. */
const MAX_BACKUP_BYTES = 50 * 1024 * 1024
/** Problems listed on the page; the count says how many there are in all. */
const PROBLEMS_SHOWN = 50

type Work = { label: string; value: number | null }

/**
 * Administration's backup section: download the whole database (through the
 * admin's session, so the backup secret never reaches the page), check a
 * backup file with a dry run, read what it would change, then import it
 * after a confirmation.
 */
export function BackupPanel() {
  const toast = useToast()
  const [files, setFiles] = useState<File[]>([])
  const [text, setText] = useState<string | null>(null)
  const [work, setWork] = useState<Work | null>(null)
  const [checked, setChecked] = useState<ImportSummary | null>(null)
  const [imported, setImported] = useState<ImportSummary | null>(null)
  const [failure, setFailure] = useState<{ message: string; summary: ImportSummary | null } | null>(
    null
  )
  const file = files[0] ?? null

  function choose(chosen: File[]) {
    setFiles(chosen)
    setText(null)
    setChecked(null)
    setImported(null)
    setFailure(null)
  }

  async function send(dryRun: boolean, body: string) {
    setWork({ label: dryRun ? 'Sending the backup for a check' : 'Sending the backup', value: 0 })
    try {
      return await sendJsonWithProgress<ImportSummary>(
        'POST',
        '/api/admin/import',
        `{"data":${body},"options":{"dryRun":${dryRun}}}`,
        (fraction) =>
          setWork(
            fraction < 1
              ? {
                  label: dryRun ? 'Sending the backup for a check' : 'Sending the backup',
                  value: fraction * 100,
                }
              : {
                  label: dryRun ? 'Checking the backup' : 'Importing: replacing the data',
                  value: null,
                }
          )
      )
    } catch (error) {
      const answer = error instanceof ApiError ? (error.body as Partial<ImportSummary>) : null
      setFailure({
        message: errorMessage(error),
        summary: answer && answer.tables ? (answer as ImportSummary) : null,
      })
      throw error
    } finally {
      setWork(null)
    }
  }

  async function check() {
    if (!file) return
    setChecked(null)
    setImported(null)
    setFailure(null)
    setWork({ label: 'Reading the file', value: null })
    let content: string
    try {
      content = await file.text()
      JSON.parse(content)
    } catch {
      setWork(null)
      setFailure({ message: `${file.name} is not a JSON backup file.`, summary: null })
      return
    }
    setText(content)
    try {
      setChecked(await send(true, content))
    } catch {
      // Shown by `failure`.
    }
  }

  async function importChecked() {
    if (!text) return
    setFailure(null)
    const summary = await send(false, text)
    setImported(summary)
    setChecked(null)
    toast.success('The backup is imported.')
  }

  const shown = imported ?? checked ?? failure?.summary ?? null
  return (
    <section className="ui-panel" aria-labelledby="backup-heading">
      <h2 id="backup-heading">Backup and import</h2>
      <div className="ui-stack">
        <p className="ui-muted">
          A backup is the whole scheduling database in one JSON file. Importing one replaces
          everything with the file’s contents; check it first to see what would change.
        </p>
        <div>
          <ButtonLink native href="/api/admin/backup/download" variant="secondary">
            Download a backup
          </ButtonLink>
        </div>
        <Field label="Backup file to import">
          <FileDropZone
            files={files}
            onFilesChange={choose}
            multiple={false}
            accept={{ 'application/json': ['.json'] }}
            maxSize={MAX_BACKUP_BYTES}
            help={`A file from “Download a backup” or schedule:backup, up to ${formatBytes(MAX_BACKUP_BYTES)}.`}
            onRejected={() =>
              setFailure({
                message: `Choose one JSON backup file of at most ${formatBytes(MAX_BACKUP_BYTES)}.`,
                summary: null,
              })
            }
          />
        </Field>
        <div className="ui-cluster">
          <Button
            variant="secondary"
            disabled={!file || work !== null}
            loading={work !== null && checked === null}
            onClick={() => void check()}
          >
            Check the backup
          </Button>
          {checked && (
            <ConfirmDialog
              trigger={<Button variant="danger">Import this backup…</Button>}
              title="Replace all scheduling data?"
              description={`Everything in Schedule becomes what ${file?.name ?? 'the file'} holds: ${describeTotals(checked.totals)}. This cannot be undone; download a backup first if you may want today’s data back.`}
              confirmLabel="Import"
              onConfirm={importChecked}
            />
          )}
        </div>
        {work && <ProgressBar label={work.label} value={work.value} />}
        {failure && (
          <Notice tone="danger" title="The backup cannot be imported">
            <p>{failure.message}</p>
            {failure.summary && failure.summary.problems.length > 0 && (
              <ul aria-label="Problems">
                {failure.summary.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                  <li key={index}>{describeProblem(problem)}</li>
                ))}
              </ul>
            )}
            {failure.summary && failure.summary.problemCount > PROBLEMS_SHOWN && (
              <p>and {failure.summary.problemCount - PROBLEMS_SHOWN} more.</p>
            )}
          </Notice>
        )}
        {checked && (
          <Notice tone="success" title="The backup can be imported">
            {describeOrigin(checked)} Importing it would make these changes:{' '}
            {describeTotals(checked.totals)}.
          </Notice>
        )}
        {imported && (
          <Notice tone="success" title="Imported">
            {describeOrigin(imported)} Changes made: {describeTotals(imported.totals)}.
          </Notice>
        )}
        {shown && Object.keys(shown.tables).length > 0 && (
          <DataTable
            caption={imported ? 'Changes made, by table' : 'What the import changes, by table'}
            showCaption
            columns={[
              { key: 'table', header: 'Table', cell: (row) => row.table, primary: true },
              ...(['added', 'updated', 'unchanged', 'removed'] as const).map((key) => ({
                key,
                header: key.charAt(0).toUpperCase() + key.slice(1),
                cell: (row: { table: string } & TableChanges) => row[key],
                align: 'end' as const,
              })),
            ]}
            rows={Object.entries(shown.tables).map(([table, changes]) => ({ table, ...changes }))}
            rowKey={(row) => row.table}
          />
        )}
      </div>
    </section>
  )
}

function describeTotals(totals: TableChanges) {
  return `${totals.added} rows added, ${totals.updated} updated, ${totals.removed} removed, ${totals.unchanged} unchanged`
}

function describeOrigin(summary: ImportSummary) {
  const when = summary.createdAt ? new Date(summary.createdAt).toLocaleString() : 'an unknown time'
  const upgraded = summary.upgradedFrom ? ` (format version ${summary.upgradedFrom}, upgraded)` : ''
  return `Backup of ${when} from Schedule ${summary.appVersion ?? '?'}${upgraded}.`
}

function describeProblem(problem: ImportProblem) {
  const where = [problem.table, problem.row, problem.column].filter(Boolean).join(', ')
  return where ? `${where}: ${problem.message}` : problem.message
}
