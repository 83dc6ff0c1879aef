import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import { router } from '@inertiajs/react'
import { api, errorMessage } from '~/components/shared/api'

export type ApiData<T> = {
  data: T | null
  /** The data belongs to the current url (not a previous range still on screen). */
  ready: boolean
  error: string | null
  setData: Dispatch<SetStateAction<T | null>>
  /** Loads again in the background; the data on screen stays until the answer is in. */
  refresh: () => void
  /**
   * Wraps a save: while one runs, background loads that started earlier do
   * not overwrite the optimistic state on screen.
   */
  track: <R>(work: Promise<R>) => Promise<R>
}

/** GET `url` whenever it changes (null: nothing to load). */
export function useApiData<T>(url: string | null): ApiData<T> {
  const [data, setData] = useState<T | null>(null)
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const latest = useRef(0)
  const saving = useRef(0)
  const savedSince = useRef(false)

  useEffect(() => {
    if (!url) return
    const ticket = ++latest.current
    savedSince.current = false
    api<T>('GET', url)
      .then((answer) => {
        // An older answer, or one that may predate a save that just ran, is dropped.
        if (ticket !== latest.current || saving.current > 0 || savedSince.current) return
        setData(answer)
        setLoadedUrl(url)
        setError(null)
      })
      .catch((failure: unknown) => {
        if (ticket !== latest.current) return
        setError(errorMessage(failure))
      })
  }, [url, version])

  const refresh = useCallback(() => setVersion((current) => current + 1), [])

  const track = useCallback(
    async <R>(work: Promise<R>) => {
      saving.current++
      savedSince.current = true
      try {
        return await work
      } finally {
        saving.current--
        if (saving.current === 0) refresh()
      }
    },
    [refresh]
  )

  return { data, ready: url !== null && loadedUrl === url, error, setData, refresh, track }
}

/** The page props a view's data arrives in; a partial reload asks for these again. */
export const RANGE_PROPS = ['place', 'people', 'projects', 'conflicts']

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
