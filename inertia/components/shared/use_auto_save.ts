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

type FieldState<V> = { draft: { value: V } | null; status: SaveStatus }

const UNTOUCHED: FieldState<never> = { draft: null, status: { state: 'idle' } }

/**
 * Many fields that save themselves, one per key, each one request at a time:
 * a value committed while its save is on its way waits, and only the latest
 * waiting value is sent after it (so an older value never lands after a
 * newer one). "saved" means the key's last request answered 2xx; a refused
 * save keeps what the person typed and says why, until they change it or
 * retry. `send` throws on a refusal.
 *
 * The state lives here rather than in each field's component, so a list
 * that unmounts rows scrolled out of view (a virtual list) neither loses a
 * waiting value nor forgets a refusal.
 */
export function useAutoSaves<V>(options: {
  send: (key: string, value: V) => Promise<unknown>
  describeError: (error: unknown) => string
  same?: (a: V, b: V) => boolean
}): (key: string, stored: V) => AutoSave<V> {
  const { describeError } = options
  const same = options.same ?? Object.is
  const [fields, setFields] = useState<ReadonlyMap<string, FieldState<V>>>(new Map())
  const queues = useRef(new Map<string, { sending: boolean; waiting: { value: V } | null }>())
  // The latest `send` (it closes over the latest props), for saves already queued.
  const send = useRef(options.send)
  useEffect(() => {
    send.current = options.send
  })

  function update(key: string, change: (field: FieldState<V>) => FieldState<V>) {
    setFields((current) => {
      const before = current.get(key) ?? UNTOUCHED
      const after = change(before)
      return after === before ? current : new Map(current).set(key, after)
    })
  }

  function setStatus(key: string, status: SaveStatus) {
    update(key, (field) => ({ ...field, status }))
  }

  function queueOf(key: string) {
    let line = queues.current.get(key)
    if (!line) {
      line = { sending: false, waiting: null }
      queues.current.set(key, line)
    }
    return line
  }

  async function run(key: string, first: V) {
    const line = queueOf(key)
    line.sending = true
    setStatus(key, { state: 'saving' })
    let sent = first
    for (;;) {
      let failure: { error: unknown } | null = null
      try {
        await send.current(key, sent)
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
        setStatus(key, { state: 'failed', message: describeError(failure.error) })
        return
      }
      const saved = sent
      // Stored now: show the stored value, unless the person typed on meanwhile.
      update(key, (field) => ({
        draft: field.draft && same(field.draft.value, saved) ? null : field.draft,
        status: { state: 'saved' },
      }))
      return
    }
  }

  return (key, stored) => {
    const field = fields.get(key) ?? UNTOUCHED
    const value = field.draft ? field.draft.value : stored

    function commit(next: V = value) {
      const line = queueOf(key)
      if (line.sending) {
        line.waiting = { value: next }
        return
      }
      if (same(next, stored)) {
        // Back to what is stored: nothing to send, and nothing failed any more.
        update(key, (current) => ({
          draft: null,
          status: current.status.state === 'failed' ? { state: 'idle' } : current.status,
        }))
        return
      }
      void run(key, next)
    }

    return {
      value,
      status: field.status,
      change: (next) => update(key, (current) => ({ ...current, draft: { value: next } })),
      commit,
      retry: () => commit(value),
    }
  }
}

/** One field that saves itself: `useAutoSaves` with a single key. */
export function useAutoSave<V>(options: {
  stored: V
  send: (value: V) => Promise<unknown>
  describeError: (error: unknown) => string
  same?: (a: V, b: V) => boolean
}): AutoSave<V> {
  const field = useAutoSaves<V>({
    send: (_key, value) => options.send(value),
    describeError: options.describeError,
    same: options.same,
  })
  return field('', options.stored)
}
