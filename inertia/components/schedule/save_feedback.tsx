import type { ReactNode } from 'react'

/** How the last save of a field (or row) went: shown beside it until the next one. */
export type SaveState =
  { state: 'saving' } | { state: 'saved' } | { state: 'error'; message: string }

/** A field's label with how its last save went beside it (outside the label, so the field keeps its name). */
export function FieldLabel(props: {
  htmlFor: string
  save: SaveState | undefined
  children: ReactNode
}) {
  return (
    <div className="sc-label-row">
      <label htmlFor={props.htmlFor}>{props.children}</label>
      <SaveFeedback save={props.save} />
    </div>
  )
}

export function SaveFeedback({ save }: { save: SaveState | undefined }) {
  if (!save) {
    return null
  }
  if (save.state === 'saving') {
    return <span className="sc-save muted small">Saving…</span>
  }
  if (save.state === 'saved') {
    return (
      <span className="sc-save notice small" role="status">
        Saved
      </span>
    )
  }
  return (
    <span className="sc-save error small" role="alert">
      {save.message}
    </span>
  )
}
