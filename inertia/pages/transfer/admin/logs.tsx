import type { Data } from '~generated/data'
import { AdminShell } from '~/components/transfer/admin_shell'
import { LogList, type LogFilter } from '~/components/transfer/log_list'
import type { PageMeta } from '~/components/shared/ui/pager'

type Props = {
  user: Data.Transfer.SessionUser | null
  filter: LogFilter
  /** null only while an auth code is being exchanged (no one is signed in yet). */
  logs: { data: Data.Transfer.DownloadLog[]; meta: PageMeta } | null
}

export default function LogsPage({ user, filter, logs }: Props) {
  return (
    <AdminShell
      user={user}
      section="logs"
      title="Download log"
      description="Every download of a shared file: when, which share, and from where."
    >
      {logs && <LogList filter={filter} logs={logs} />}
    </AdminShell>
  )
}
