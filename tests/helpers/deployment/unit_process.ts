import { spawn, type ChildProcess } from 'node:child_process'
import { forEachLine } from '#services/shared/child_processes'
import type { ResolvedUnit } from '#tests/helpers/deployment/systemd_unit'

export type UnitExit = { code: number | null; signal: NodeJS.Signals | null }

/**
 * One unit's process, started as systemd would start it: the unit's command
 * in its working directory with the unit's environment and nothing of the
 * test process's own (systemd hands a service no login environment either).
 * `machineEnv` is what the machine adds around it (PATH, and the rehearsal's
 * stand-ins for DNS and a public CA).
 */
export class UnitProcess {
  /** The last 64 KiB the process printed. */
  output = ''
  #child?: ChildProcess
  #exit?: Promise<UnitExit>

  constructor(
    readonly unit: ResolvedUnit,
    readonly env: Record<string, string>,
    readonly log: (line: string) => void
  ) {}

  get name() {
    return this.unit.name
  }

  get pid() {
    return this.#child?.pid
  }

  get running() {
    return !!this.#child && this.#child.exitCode === null && this.#child.signalCode === null
  }

  /** Resolves once the process has ended, with how it ended. */
  get exited(): Promise<UnitExit> {
    if (!this.#exit) {
      throw new Error(`${this.name} was never started`)
    }
    return this.#exit
  }

  start() {
    const [program, ...args] = this.unit.command
    const child = spawn(program, args, {
      cwd: this.unit.workingDirectory,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#child = child
    this.#exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal }))
    )
    forEachLine(child, (line) => {
      this.log(line)
      this.output = `${this.output}${line}\n`.slice(-65_536)
    })
    return this
  }

  /** Sends `signal` (SIGKILL: a crash or the OOM killer; SIGTERM: `systemctl stop`). */
  signal(signal: NodeJS.Signals) {
    this.#child?.kill(signal)
  }

  /** What `systemctl stop` does: SIGTERM, then SIGKILL once TimeoutStopSec (here 20 s) has passed. */
  async stop() {
    if (!this.running) {
      return
    }
    this.signal('SIGTERM')
    const killer = setTimeout(() => this.signal('SIGKILL'), 20_000)
    await this.exited
    clearTimeout(killer)
  }
}
