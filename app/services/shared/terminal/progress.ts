/**
 * Progress of long work run from a terminal. On a terminal it is one bar
 * redrawn in place on stderr (stdout stays clean for `--json`); otherwise, as
 * in a log or a CI job, a line at most every 10 % or 5 seconds, so a long run
 * prints a page and not thousands of lines.
 */
export interface ProgressTarget {
  /** Where the bar is drawn; a bar is drawn only when it is a terminal. */
  stream: { isTTY?: boolean; columns?: number; write(text: string): unknown }
  /** How a progress line is printed when there is no terminal. */
  line(text: string): void
}

const LINE_EVERY_SHARE = 10
const LINE_EVERY_MS = 5_000

export class TerminalProgress {
  #done = 0
  #lastShare = -1
  #lastLineAt = 0
  #finished = false

  constructor(
    private label: string,
    private total: number,
    private target: ProgressTarget,
    private unit: (count: number) => string = String
  ) {}

  /** Moves the count on by `count` (or to `to` when given as an absolute value). */
  advance(count = 1) {
    this.update(this.#done + count)
  }

  update(done: number) {
    this.#done = Math.min(done, this.total)
    const share = this.total === 0 ? 100 : Math.floor((this.#done / this.total) * 100)
    if (this.target.stream.isTTY) {
      this.#drawBar(share)
      return
    }
    const now = Date.now()
    if (
      share === 100 ||
      share - this.#lastShare >= LINE_EVERY_SHARE ||
      now - this.#lastLineAt >= LINE_EVERY_MS
    ) {
      if (share === this.#lastShare && share === 100) {
        return
      }
      this.#lastShare = share
      this.#lastLineAt = now
      this.target.line(`${this.label}: ${this.#counts()} (${share}%)`)
    }
  }

  /** Ends the bar's line, so what is printed next starts on its own line. */
  finish() {
    if (this.#finished) {
      return
    }
    this.#finished = true
    if (this.target.stream.isTTY) {
      this.target.stream.write('\n')
    }
  }

  #counts() {
    return `${this.unit(this.#done)} of ${this.unit(this.total)}`
  }

  #drawBar(share: number) {
    const text = ` ${share}% ${this.#counts()}`
    const room = Math.max(
      10,
      Math.min(40, (this.target.stream.columns ?? 80) - this.label.length - text.length - 4)
    )
    const filled = Math.round((share / 100) * room)
    this.target.stream.write(
      `\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(room - filled)}]${text}\x1b[K`
    )
  }
}
