import { spawn, type ChildProcess } from 'node:child_process'
import { StackStepFailed } from './startup_problems.ts'

/**
 * Runs a program to its end and resolves with everything it printed
 * (stdout and stderr, as they came). A non-zero exit rejects with
 * StackStepFailed, which carries that output (`step` names it in words,
 * e.g. "`node ace build`").
 */
export function runToEnd(
  program: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; step: string }
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new StackStepFailed(options.step, output))
    )
  })
}

/** Calls `onLine` with each non-empty line a child prints on stdout or stderr. */
export function forEachLine(child: ChildProcess, onLine: (line: string) => void) {
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffered = ''
    stream.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      lines.filter(Boolean).forEach(onLine)
    })
  }
}
