import { spawn, type ChildProcess } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { waitUntil } from '#tests/helpers/wait_until'

/**
 * `node ace jobs:work` as its own process, as an operator runs it: the test
 * may kill it (SIGKILL, like a crash or an OOM kill) or stop it (SIGTERM).
 */
export class JobWorkerProcess {
  output = ''
  #child?: ChildProcess
  #exit?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>

  constructor(readonly env: NodeJS.ProcessEnv) {}

  get pid() {
    return this.#child!.pid!
  }

  /** Resolves once the worker works its queues (it prints so after sending its at-start jobs). */
  async start() {
    const child = spawn(process.execPath, ['ace.js', 'jobs:work'], {
      cwd: app.makePath(),
      env: { ...process.env, ...this.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#child = child
    this.#exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal }))
    )
    child.stdout!.on('data', (chunk) => (this.output += chunk))
    child.stderr!.on('data', (chunk) => (this.output += chunk))
    await waitUntil(
      'jobs:work to start',
      () => {
        if (child.exitCode !== null) {
          throw new Error(`jobs:work exited while starting:\n${this.output}`)
        }
        return this.output.includes('Waiting for jobs')
      },
      90_000
    )
    return this
  }

  /** SIGKILL: no shutdown hooks, no handler finishes, as a crash. */
  async kill() {
    this.#child?.kill('SIGKILL')
    return this.#exit
  }

  /** SIGTERM, as a process manager stops it; resolves with how it exited. */
  async stop() {
    if (this.#child && this.#child.exitCode === null && this.#child.signalCode === null) {
      this.#child.kill('SIGTERM')
    }
    return this.#exit
  }
}

/** Runs `node ace <args>` in a process of its own; resolves with its exit code and output. */
export function runAce(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ exitCode: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['ace.js', ...args], {
      cwd: app.makePath(),
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (exitCode) => resolve({ exitCode, output }))
  })
}
