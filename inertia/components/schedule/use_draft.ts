import { useState, type Dispatch, type SetStateAction } from 'react'

/**
 * An editable copy of a stored value that starts over whenever the stored
 * value changes (a save came back, another field's save replaced the
 * record), adjusted during render as React advises rather than in an effect.
 */
export function useDraft<S, D>(
  source: S,
  toDraft: (source: S) => D
): [D, Dispatch<SetStateAction<D>>] {
  const [seen, setSeen] = useState(source)
  const [draft, setDraft] = useState(() => toDraft(source))
  if (seen !== source) {
    setSeen(source)
    setDraft(toDraft(source))
  }
  return [draft, setDraft]
}
