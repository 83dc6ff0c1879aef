import { useEffect, useRef, useState } from 'react'

/** How a field's saving stands: nothing asked yet, on its way, stored, or refused with why. */
export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string }

export type AutoSave<V> = {
  /** What the field shows: what the person typed until it is stored, then the stored value. */
  value: V
  status: SaveStatus
  /** The person changed the field (nothing is sent yet). */
  change: (value: V) => void
  /** Save now (when leaving the field, or at once for a choice); the typed value by default. */
  commit: (value?: V) => void
  /** Send the value the field shows again, after a failure. */
  retry: () => void
}

/**
 * A field that saves itself, one request at a time: a value committed while
 * a save is on its way waits, and only the latest waiting value is sent
 * after it (so an older value never lands after a newer one). "saved" means
 * the last request answered 2xx; a refused save keeps what the person typed
 * and says why, until they change it or retry. `send` throws on a refusal.
 */
export function useAutoSave<V>(options: {
  stored: V
  send: (value: V) => Promise<unknown>
  describeError: (error: unknown) => string
  same?: (a: V, b: V) => boolean
}): AutoSave<V> {
  const { stored, describeError } = options
  const same = options.same ?? Object.is
  const [draft, setDraft] = useState<{ value: V } | null>(null)
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' })
  const queue = useRef<{ sending: boolean; waiting: { value: V } | null }>({
    sending: false,
    waiting: null,
  })
  // The latest `send` (it closes over the latest props), for saves already queued.
  const send = useRef(options.send)
  useEffect(() => {
    send.current = options.send
  })

  const value = draft ? draft.value : stored

  async function run(first: V) {
    const line = queue.current
    line.sending = true
    setStatus({ state: 'saving' })
    let sent = first
    for (;;) {
      let failure: { error: unknown } | null = null
      try {
        await send.current(sent)
      } catch (error) {
        failure = { error }
      }
      const waiting = line.waiting
      line.waiting = null
      // A value committed meanwhile goes next, unless it is the one just sent.
      if (waiting && !same(waiting.value, sent)) {
        sent = waiting.value
        continue
      }
      line.sending = false
      if (failure) {
        setStatus({ state: 'failed', message: describeError(failure.error) })
        return
      }
      setStatus({ state: 'saved' })
      const saved = sent
      // Stored now: show the stored value, unless the person typed on meanwhile.
      setDraft((current) => (current && same(current.value, saved) ? null : current))
      return
    }
  }

  function commit(next: V = value) {
    if (queue.current.sending) {
      queue.current.waiting = { value: next }
      return
    }
    if (same(next, stored)) {
      // Back to what is stored: nothing to send, and nothing failed any more.
      setDraft(null)
      setStatus((current) => (current.state === 'failed' ? { state: 'idle' } : current))
      return
    }
    void run(next)
  }

  return {
    value,
    status,
    change: (next) => setDraft({ value: next }),
    commit,
    retry: () => commit(value),
  }
}
