import { Writable } from 'node:stream'
import { BaseCommand } from '@adonisjs/core/ace'
import type { AppId } from '#services/shared/app_profiles'
import { EXIT } from '#services/shared/terminal/exit_codes'
import { TerminalProgress } from '#services/shared/terminal/progress'

/** One column of a list printed as a table: its title and how a row shows in it. */
export interface Column<Row> {
  title: string
  value: (row: Row) => string | number | boolean | null | undefined
}

/**
 * A command that belongs to one app, and the one way every operator command
 * behaves (issue 32): lists as aligned tables or `--json`, destructive work
 * confirmed on a terminal or with `--force`, exit code 0 done, 1 refused with
 * one line saying why, 2 wrong usage, progress for long work.
 *
 * It refuses to run under another APP_ID, because it would reach the wrong
 * database. The refusal is made here, before `run`, so no command can forget
 * to check it.
 */
export abstract class AppCommand extends BaseCommand {
  protected abstract appId: AppId

  async exec() {
    if (process.env.APP_ID !== this.appId) {
      this.logger.error(
        `${this.commandName} belongs to ${this.appId}: run it with APP_ID=${this.appId}`
      )
      this.exitCode = EXIT.refused
      this.error = new Error('wrong APP_ID')
      return
    }
    return super.exec()
  }

  /** Refused: bad input, not found, not allowed. One line; exit code 1. */
  protected fail(message: string) {
    this.logger.error(message)
    this.exitCode = EXIT.refused
  }

  /**
   * Runs `action`; what the web refuses with a 4xx is refused here with one
   * line and exit code 1: a validator's messages, joined (each prefixed with
   * `field(name)` when given), and a service's refusal: an error carrying a
   * 4xx `status`, as the services' Exceptions do, or one of `refusals`.
   * Anything else is a fault and is thrown.
   */
  protected async refusingInOneLine(
    action: () => Promise<void>,
    options: {
      refusals?: (abstract new (...args: any[]) => Error)[]
      field?: (name: string) => string
    } = {}
  ) {
    const { errors } = await import('@vinejs/vine')
    try {
      await action()
    } catch (error) {
      if (error instanceof errors.E_VALIDATION_ERROR) {
        const messages = error.messages as { field: string; message: string }[]
        const field = options.field
        return this.fail(
          messages
            .map(({ field: name, message }) => (field ? `${field(name)}: ${message}` : message))
            .join('; ')
        )
      }
      const status = (error as { status?: unknown })?.status
      const refused =
        (typeof status === 'number' && status >= 400 && status < 500) ||
        options.refusals?.some((kind) => error instanceof kind)
      if (refused && error instanceof Error) {
        return this.fail(error.message)
      }
      throw error
    }
  }

  /** The command line itself is wrong (flags that exclude each other…): exit code 2. */
  protected wrongUsage(message: string) {
    this.logger.error(message)
    this.exitCode = EXIT.usage
  }

  /**
   * A list: an aligned table, or with `json` the rows themselves as JSON (the
   * API's shapes, so a script reads the same keys as a browser does).
   */
  protected printList<Row>(
    rows: Row[],
    columns: Column<Row>[],
    options: { json?: boolean; empty?: string; jsonValue?: unknown } = {}
  ) {
    if (options.json) {
      this.logger.log(JSON.stringify(options.jsonValue ?? rows, null, 2))
      return
    }
    if (rows.length === 0) {
      this.logger.info(options.empty ?? 'Nothing to list')
      return
    }
    const table = this.ui.table()
    table.head(columns.map((column) => column.title))
    for (const row of rows) {
      table.row(columns.map((column) => showCell(column.value(row))))
    }
    table.render()
  }

  /** One record: `field  value` lines, or the record as JSON. */
  protected printRecord(
    fields: [string, unknown][],
    options: { json?: boolean; jsonValue?: unknown } = {}
  ) {
    if (options.json) {
      this.logger.log(JSON.stringify(options.jsonValue ?? Object.fromEntries(fields), null, 2))
      return
    }
    const width = Math.max(...fields.map(([name]) => name.length))
    for (const [name, value] of fields) {
      this.logger.log(`${name.padEnd(width)}  ${showCell(value)}`)
    }
  }

  /**
   * Whether a destructive change may go ahead: `--force` says yes; on a
   * terminal the operator is asked; anywhere else (a script, a cron job) it is
   * refused, because nobody is there to answer. Says why when it is not.
   */
  protected async confirmDestructive(question: string, force: boolean | undefined) {
    if (force) {
      return true
    }
    if (!this.#someoneCanAnswer()) {
      this.fail(`${question.replace(/\?$/, '')}: not on a terminal, so run it again with --force`)
      return false
    }
    if (await this.prompt.confirm(question)) {
      return true
    }
    this.fail('Nothing changed')
    return false
  }

  /**
   * A progress bar on a terminal, progress lines otherwise. Both go to stderr,
   * so what a command prints on stdout for a script (a CSV, JSON) stays clean.
   */
  protected progress(label: string, total: number, unit?: (count: number) => string) {
    return new TerminalProgress(
      label,
      total,
      {
        stream: this.#rawUi() ? { write: () => true } : process.stderr,
        line: (text) => this.logger.logError(text),
      },
      unit
    )
  }

  /**
   * Where data a script reads (a CSV) is written: stdout, or in tests (the UI
   * in raw mode) the logger, which keeps it. `close` when all is written.
   */
  protected dataOut(): { stream: Writable; close(): void } {
    if (!this.#rawUi()) {
      return { stream: process.stdout, close: () => {} }
    }
    const chunks: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk))
        done()
      },
    })
    return { stream, close: () => this.logger.log(chunks.join('').replace(/\n$/, '')) }
  }

  /** The UI in raw mode (tests): cliui keeps what is logged in its memory renderer. */
  #rawUi() {
    return this.ui.logger.getRenderer().constructor.name === 'MemoryRenderer'
  }

  /** A terminal with a person at it, or a test that has set an answer. */
  #someoneCanAnswer() {
    const traps = (this.prompt as unknown as { traps?: { prompts?: Map<string, unknown> } }).traps
    return Boolean(process.stdin.isTTY) || (traps?.prompts?.size ?? 0) > 0
  }
}

function showCell(value: unknown) {
  if (value === null || value === undefined || value === '') {
    return '–'
  }
  if (typeof value === 'boolean') {
    return value ? 'yes' : 'no'
  }
  if (value instanceof Date) {
    return value.toISOString()
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
