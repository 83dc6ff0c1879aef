import { useCallback, useRef, useState } from 'react'
import { router } from '@inertiajs/react'

/**
 * The page props a view's data arrives in; a partial reload asks for these
 * again (with `setup`, so the first-start steps go once a project exists).
 */
export const RANGE_PROPS = ['place', 'setup', 'people', 'projects', 'conflicts', 'production']

/**
 * A view's data as the page props brought it, held in local state so saves
 * can change it at once (optimistically). New props (another range, or a
 * reload) replace it, except while a save runs: the answer to a reload that
 * started before the save could undo it, so it is skipped. When the last
 * save is done, `only` is reloaded.
 */
export function useRangeData<T>(value: T, only: string[]) {
  const [data, setData] = useState(value)
  const [shown, setShown] = useState(value)
  const saving = useRef(0)
  const [settled, setSettled] = useState(true)
  if (shown !== value) {
    setShown(value)
    // Props that land during a save predate it; the reload after the save brings the truth.
    if (settled) setData(value)
  }

  const track = useCallback(
    async <R>(work: Promise<R>) => {
      saving.current++
      setSettled(false)
      try {
        return await work
      } finally {
        saving.current--
        if (saving.current === 0) {
          setSettled(true)
          router.reload({ only })
        }
      }
    },
    // `only` is a constant list per caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    []
  )

  return { data, setData, track }
}
