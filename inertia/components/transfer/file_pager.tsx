export type PageMeta = { total: number; page: number; perPage: number; lastPage: number }

/** Previous / next for a paged list, with where the reader is. */
export function FilePager(props: { meta: PageMeta; onPage: (page: number) => void }) {
  const { meta } = props
  if (meta.lastPage <= 1) {
    return null
  }
  return (
    <nav className="tx-pager" aria-label="Pages">
      <button
        type="button"
        className="secondary"
        disabled={meta.page <= 1}
        onClick={() => props.onPage(meta.page - 1)}
      >
        Previous
      </button>
      <span className="muted small">
        Page {meta.page} of {meta.lastPage} ({meta.total})
      </span>
      <button
        type="button"
        className="secondary"
        disabled={meta.page >= meta.lastPage}
        onClick={() => props.onPage(meta.page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
