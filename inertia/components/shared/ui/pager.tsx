import { formatNumber } from '~/components/shared/format'
import { Button } from './button'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

export type PageMeta = { total: number; page: number; perPage: number; lastPage: number }

/**
 * Previous / next under a paginated list, with where the person is ("Page 2
 * of 5 · 96 uploads").
 */
export function Pager({
  meta,
  noun,
  onPage,
}: {
  meta: PageMeta
  /** What is counted, already in the right number ("uploads", "person"). */
  noun: string
  onPage: (page: number) => void
}) {
  const lastPage = Math.max(meta.lastPage, 1)
  return (
    <nav className="ui-pager" aria-label="Pages">
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
        Page {formatNumber(meta.page)} of {formatNumber(lastPage)} · {formatNumber(meta.total)}{' '}
        {noun}
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
