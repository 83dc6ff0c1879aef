import type { ChildProcess } from 'node:child_process'

export interface RestartBackoff {
  /** The wait before the first restart; each further exit in a row doubles it. */
  firstMs: number
  maxMs: number
  /** Up this long, a process counts as healthy again: the next exit waits firstMs. */
  resetAfterMs: number
}

export const DEFAULT_RESTART_BACKOFF: RestartBackoff = {
  firstMs: 1000,
  maxMs: 30_000,
  resetAfterMs: 60_000,
}

/**
 * A child process (one app of the dev stack) that is started again when it
 * exits on its own, after a wait that doubles with each exit in a row, so a
 * process that dies at once does not spin. Restarts begin with
 * `restartOnExit()`: the launcher turns them on once the app has answered,
 * so a start that fails still stops the stack with its reason.
 */
export class RestartingProcess {
  #child: ChildProcess
  #startedAt = Date.now()
  #exitsInARow = 0
  #restartOnExit = false
  #stopping = false
  #pendingRestart: NodeJS.Timeout | null = null

  constructor(
    readonly options: {
      spawn: () => ChildProcess
      /** Receives what happens to the process (its exits and restarts). */
      log: (line: string) => void
      backoff?: RestartBackoff
    }
  ) {
    this.#child = this.#spawn()
  }

  /** The process running now (a new one after each restart). */
  get child() {
    return this.#child
  }

  restartOnExit() {
    this.#restartOnExit = true
  }

  /** Sends SIGTERM without waiting, and restarts no more (for signal handlers). */
  signal() {
    this.#stopping = true
    this.#cancelRestart()
    if (this.#running()) {
      this.#child.kill('SIGTERM')
    }
  }

  /** Stops it for good: SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void> {
    this.#stopping = true
    this.#cancelRestart()
    const child = this.#child
    if (!this.#running()) {
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill('SIGTERM')
    })
  }

  #running() {
    return this.#child.exitCode === null && this.#child.signalCode === null
  }

  #spawn() {
    const child = this.options.spawn()
    this.#startedAt = Date.now()
    child.once('exit', (code, signal) => this.#exited(code, signal))
    return child
  }

  #exited(code: number | null, signal: NodeJS.Signals | null) {
    const how = signal ? `signal ${signal}` : `code ${code}`
    if (this.#stopping || !this.#restartOnExit) {
      this.options.log(`exited (${how})`)
      return
    }
    const backoff = this.options.backoff ?? DEFAULT_RESTART_BACKOFF
    if (Date.now() - this.#startedAt >= backoff.resetAfterMs) {
      this.#exitsInARow = 0
    }
    const delay = Math.min(backoff.firstMs * 2 ** this.#exitsInARow, backoff.maxMs)
    this.#exitsInARow++
    this.options.log(`exited unexpectedly (${how}); restarting in ${formatDelay(delay)}`)
    this.#pendingRestart = setTimeout(() => {
      this.#pendingRestart = null
      this.options.log('starting again')
      this.#child = this.#spawn()
    }, delay)
  }

  #cancelRestart() {
    if (this.#pendingRestart) {
      clearTimeout(this.#pendingRestart)
      this.#pendingRestart = null
    }
  }
}

function formatDelay(ms: number) {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}
