export type PageMeta = { total: number; page: number; perPage: number; lastPage: number }

/** Previous / next for a paginated table, with where we are. */
export function Pager(props: { meta: PageMeta; noun: string; onPage: (page: number) => void }) {
  const { meta } = props
  return (
    <nav className="pager" aria-label="Pages">
      <button
        type="button"
        className="secondary"
        disabled={meta.page <= 1}
        onClick={() => props.onPage(meta.page - 1)}
      >
        ← Previous
      </button>
      <span className="muted">
        Page {meta.page} of {Math.max(meta.lastPage, 1)} · {meta.total} {props.noun}
      </span>
      <button
        type="button"
        className="secondary"
        disabled={meta.page >= meta.lastPage}
        onClick={() => props.onPage(meta.page + 1)}
      >
        Next →
      </button>
    </nav>
  )
}
