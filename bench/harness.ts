/*
 * What every benchmark does around its measurements: build once, start an
 * embedded PostgreSQL with a fresh database, run ace commands and the built
 * server as child processes, and clean all of it up however the run ends.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import {
  EmbeddedDatabase,
  recreateDatabase,
  withDatabase,
} from '../app/services/shared/embedded_database.ts'
import { freePort } from '../app/services/shared/local_stack.ts'

export const root = fileURLToPath(new URL('../', import.meta.url))
export const buildDir = `${root}build/`

export function log(line: string) {
  console.error(`· ${line}`)
}

/** Runs a command to its end; resolves with its output, rejects with it on failure. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} failed:\n${output}`))
    )
  })
}

/**
 * One benchmark run: its child processes, its database and its scratch
 * folders, all stopped and removed by `close`.
 */
export class BenchRun {
  readonly dataDir = `${root}storage/bench-postgres-${process.pid}`
  #children: ChildProcess[] = []
  #database: EmbeddedDatabase | null = null
  #scratch: string[] = []

  /** `node ace build` with the app's minimal environment, unless --no-build. */
  async build(skip: boolean, env: NodeJS.ProcessEnv) {
    if (!skip) {
      log('building (node ace build)')
      await run(process.execPath, ['ace', 'build'], root, {
        ...process.env,
        DATABASE_URL: 'postgres://unused',
        ...env,
      })
    }
    if (!existsSync(`${buildDir}bin/server.js`)) {
      throw new Error('build/bin/server.js is missing: run without --no-build')
    }
  }

  /**
   * An empty database on the run's embedded PostgreSQL (started on a free
   * port by the first call); its URL.
   */
  async database(name: string) {
    if (!this.#database) {
      log('starting PostgreSQL')
      this.#database = new EmbeddedDatabase(this.dataDir, await freePort())
      await this.#database.start(log)
    }
    await recreateDatabase(this.#database.url('postgres'), name)
    return withDatabase(this.#database.url('postgres'), name)
  }

  /** A folder removed when the run ends. */
  scratch(path: string) {
    this.#scratch.push(path)
    return path
  }

  /** Starts a long-running node process; `output()` is what it printed so far. */
  start(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    this.#children.push(child)
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    return { child, output: () => output }
  }

  /** Waits until the URL answers at all (any status), or fails with the server's output. */
  async waitForHttp(url: string, server: { child: ChildProcess; output: () => string }) {
    const deadline = performance.now() + 60_000
    while (performance.now() < deadline) {
      if (server.child.exitCode !== null) {
        throw new Error(`the server exited while starting:\n${server.output()}`)
      }
      try {
        await fetch(url, { headers: { accept: 'application/json' } })
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    throw new Error(`${url} did not answer within 60 seconds:\n${server.output()}`)
  }

  async close() {
    for (const child of this.#children) {
      child.kill('SIGTERM')
    }
    await Promise.all(
      this.#children.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : child.once('exit', resolve)
          )
      )
    )
    await this.#database?.stop()
    for (const path of [this.dataDir, ...this.#scratch]) {
      await rm(path, { recursive: true, force: true })
    }
  }
}
