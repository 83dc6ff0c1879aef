import { useCallback, useEffect, useState } from 'react'
import { Upload, type DetailedError } from 'tus-js-client'

/** The creation endpoint (spec 2: POST /api/public-uploads). */
const ENDPOINT = '/api/public-uploads'

/*
 * 32 MiB per request: progress is reported per byte anyway, a lost request
 * costs at most this much, it is a whole number of s3 parts, and even a slow
 * 1 Mbit/s uplink sends it within the server's request timeout.
 */
const CHUNK_SIZE = 32 * 1024 * 1024

/** Retries after a lost network or a restarting server, for about three minutes. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000]

/** Uploads running at once; the rest wait their turn. */
const PARALLEL_FILES = 2

/** Speed is measured over the last few seconds, so it follows the network. */
const SPEED_WINDOW_MS = 5000

export type UploadState =
  'ready' | 'waiting' | 'uploading' | 'paused' | 'done' | 'failed' | 'cancelled'

export type QueuedFile = {
  id: string
  file: File
  state: UploadState
  bytesSent: number
  /** Bytes per second, or null before there is enough to measure. */
  speed: number | null
  /** Seconds left at the current speed, or null when unknown. */
  secondsLeft: number | null
  /** An earlier, interrupted upload of the same file was picked up. */
  resumed: boolean
  error: string | null
}

export type UploaderDetails = { name: string; email: string; message: string }

type Running = { upload: Upload; samples: { at: number; bytes: number }[] }

type SetFiles = (change: (current: QueuedFile[]) => QueuedFile[]) => void

/**
 * A queue of files sent with tus-js-client. Each file resumes where it
 * stopped: after Pause, after a dropped network or a server restart (retries),
 * and after the tab was closed (tus-js-client keeps the upload URL in
 * localStorage, keyed by the file's name, type, size and date, so picking the
 * same file again continues it while the session that owns it lives).
 */
export function useTusUploadQueue() {
  const [files, setFiles] = useState<QueuedFile[]>([])
  const [scheduler] = useState(() => new UploadScheduler(setFiles))

  /* Leaving the page stops the uploads; their URLs stay stored for resuming. */
  useEffect(() => () => scheduler.stopAll(), [scheduler])

  return {
    files,
    add: useCallback((picked: FileList | File[]) => scheduler.add(picked), [scheduler]),
    startAll: useCallback((details: UploaderDetails) => scheduler.startAll(details), [scheduler]),
    pause: useCallback((id: string) => scheduler.pause(id), [scheduler]),
    resume: useCallback((id: string) => scheduler.resume(id), [scheduler]),
    cancel: useCallback((id: string) => scheduler.cancel(id), [scheduler]),
    remove: useCallback((id: string) => scheduler.remove(id), [scheduler]),
  }
}

/**
 * The uploads behind the queue. It lives outside React's state because
 * tus-js-client's callbacks arrive between renders; React only gets each
 * file's visible state.
 */
class UploadScheduler {
  #files = new Map<string, File>()
  #ready = new Set<string>()
  #waiting: string[] = []
  #active = new Set<string>()
  #running = new Map<string, Running>()
  #details: UploaderDetails = { name: '', email: '', message: '' }

  constructor(protected setFiles: SetFiles) {}

  add(picked: FileList | File[]) {
    const added = Array.from(picked).map((file): QueuedFile => ({
      id: crypto.randomUUID(),
      file,
      state: 'ready',
      bytesSent: 0,
      speed: null,
      secondsLeft: null,
      resumed: false,
      error: null,
    }))
    for (const item of added) {
      this.#files.set(item.id, item.file)
      this.#ready.add(item.id)
    }
    this.setFiles((current) => [...current, ...added])
  }

  startAll(details: UploaderDetails) {
    this.#details = details
    for (const id of this.#ready) {
      this.update(id, { state: 'waiting' })
      this.#waiting.push(id)
    }
    this.#ready.clear()
    this.pump()
  }

  pause(id: string) {
    void this.#running.get(id)?.upload.abort()
    this.#active.delete(id)
    this.update(id, { state: 'paused', speed: null, secondsLeft: null })
    this.pump()
  }

  resume(id: string) {
    const entry = this.#running.get(id)
    if (entry) {
      entry.samples = []
      this.#active.add(id)
      this.update(id, { state: 'uploading', error: null })
      entry.upload.start()
      return
    }
    // A failed upload starts again; tus-js-client finds its stored URL and asks the offset.
    this.update(id, { state: 'waiting', error: null })
    this.#waiting.push(id)
    this.pump()
  }

  cancel(id: string) {
    const entry = this.#running.get(id)
    this.#running.delete(id)
    this.#active.delete(id)
    this.#waiting = this.#waiting.filter((waiting) => waiting !== id)
    // Terminating tells the server to drop the partial file at once.
    void entry?.upload.abort(true).catch(() => {})
    this.update(id, { state: 'cancelled', speed: null, secondsLeft: null })
    this.pump()
  }

  remove(id: string) {
    this.#ready.delete(id)
    this.#files.delete(id)
    this.setFiles((current) => current.filter((item) => item.id !== id))
  }

  stopAll() {
    for (const entry of this.#running.values()) {
      void entry.upload.abort()
    }
  }

  protected update(id: string, changes: Partial<QueuedFile>) {
    this.setFiles((current) =>
      current.map((item) => (item.id === id ? { ...item, ...changes } : item))
    )
  }

  /** Starts waiting files while fewer than PARALLEL_FILES are uploading. */
  protected pump() {
    while (this.#active.size < PARALLEL_FILES && this.#waiting.length > 0) {
      void this.begin(this.#waiting.shift()!)
    }
  }

  protected async begin(id: string) {
    const file = this.#files.get(id)!
    this.#active.add(id)
    this.update(id, { state: 'uploading', error: null })
    const finish = (changes: Partial<QueuedFile>) => {
      this.#running.delete(id)
      this.#active.delete(id)
      this.update(id, changes)
      this.pump()
    }
    const upload = new Upload(file, {
      endpoint: ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        filetype: file.type || 'application/octet-stream',
        ...nonEmpty(this.#details),
      },
      onProgress: (bytesSent, bytesTotal) => {
        const { speed, secondsLeft } = measure(this.#running.get(id), bytesSent, bytesTotal)
        this.update(id, { bytesSent, speed, secondsLeft })
      },
      onSuccess: () => finish({ state: 'done', bytesSent: file.size, secondsLeft: 0 }),
      onError: (error) => finish({ state: 'failed', error: describe(error), speed: null }),
    })
    this.#running.set(id, { upload, samples: [] })
    const previous = await upload.findPreviousUploads()
    const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0]
    if (latest) {
      upload.resumeFromPreviousUpload(latest)
      this.update(id, { resumed: true })
    }
    // Paused or cancelled while the earlier upload was looked up.
    if (this.#active.has(id)) {
      upload.start()
    }
  }
}

function nonEmpty(details: UploaderDetails) {
  return Object.fromEntries(
    Object.entries(details)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== '')
  )
}

function measure(entry: Running | undefined, bytesSent: number, bytesTotal: number) {
  if (!entry) {
    return { speed: null, secondsLeft: null }
  }
  const now = performance.now()
  entry.samples.push({ at: now, bytes: bytesSent })
  while (entry.samples.length > 2 && now - entry.samples[0].at > SPEED_WINDOW_MS) {
    entry.samples.shift()
  }
  const first = entry.samples[0]
  const elapsed = (now - first.at) / 1000
  if (elapsed < 0.5) {
    return { speed: null, secondsLeft: null }
  }
  const speed = (bytesSent - first.bytes) / elapsed
  return { speed, secondsLeft: speed > 0 ? (bytesTotal - bytesSent) / speed : null }
}

/** The server's `{ error }` when it sent one, else what went wrong on the way. */
function describe(error: Error | DetailedError) {
  const response = 'originalResponse' in error ? error.originalResponse : null
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { error?: string }
      if (body.error) {
        return body.error
      }
    } catch {
      // Not JSON: fall back to the status below.
    }
    return `The server refused the upload (${response.getStatus()}).`
  }
  return 'The connection was lost. Retry when you are back online.'
}
