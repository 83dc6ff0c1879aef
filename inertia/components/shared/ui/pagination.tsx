import { Button } from './button'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

export type PageMeta = { total: number; page: number; perPage: number; lastPage: number }

/** Previous and next under a paginated list, with where the person is and how many there are. */
export function Pagination({
  meta,
  noun,
  onPage,
}: {
  meta: PageMeta
  /** What is counted, already in the right number ("person", "people"). */
  noun: string
  onPage: (page: number) => void
}) {
  const lastPage = Math.max(meta.lastPage, 1)
  return (
    <nav className="ui-cluster" aria-label="Pages">
      <Button
        variant="secondary"
        size="small"
        icon={<ChevronLeftIcon size={16} />}
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        Previous
      </Button>
      <span className="ui-muted">
        Page {meta.page.toLocaleString()} of {lastPage.toLocaleString()} ·{' '}
        {meta.total.toLocaleString()} {noun}
      </span>
      <Button
        variant="secondary"
        size="small"
        disabled={meta.page >= lastPage}
        onClick={() => onPage(meta.page + 1)}
      >
        Next
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  )
}
