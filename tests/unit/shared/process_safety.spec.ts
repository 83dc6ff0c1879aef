import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

const run = promisify(execFile)

/**
 * A process with the apps' policy installed, in which something fails the
 * way a request, job or stream of the apps could: a promise nobody awaits,
 * and a stream destroyed with an error before anybody listens to it. It
 * prints "still here" if it is still running a moment later.
 */
function failingProcess(role: 'server' | 'command') {
  const policy = pathToFileURL(app.makePath('app/services/shared/process_safety.ts')).href
  return `
    import { Readable } from 'node:stream'
    import { Logger } from '@adonisjs/core/logger'
    import { installProcessSafety } from '${policy}'

    installProcessSafety(new Logger({ enabled: true, name: 'schedule', level: 'info' }), '${role}')
    Promise.reject(new Error('a job that nobody awaited failed'))
    new Readable({ read() {} }).destroy(new Error('a stream nobody listened to failed'))
    setTimeout(() => console.log('still here'), 300)
  `
}

async function runScript(source: string) {
  // Inside the project (its ignored tmp/), so the script's imports resolve to its packages.
  await mkdir(app.makePath('tmp'), { recursive: true })
  const folder = await mkdtemp(app.makePath('tmp', 'process-safety-'))
  try {
    const script = join(folder, 'failing.ts')
    await writeFile(script, source)
    return await run(process.execPath, ['--import=@poppinss/ts-exec', script], {
      cwd: app.makePath(),
      env: { ...process.env, APP_ID: 'schedule' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error
    )
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

function logLines(stdout: string) {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; role: string; appId: string })
}

test.group('The process policy', () => {
  test('a server logs an unhandled rejection and a stream error, and carries on', async ({
    assert,
  }) => {
    const { code, stdout, stderr } = await runScript(failingProcess('server'))
    assert.equal(code, 0, stderr)
    assert.include(stdout, 'still here')
    const logged = logLines(stdout)
    assert.deepInclude(
      logged.map(({ level, msg, role, appId }) => ({ level, msg, role, appId })),
      {
        level: 50,
        msg: 'A promise failed and nothing handled it; the process carries on',
        role: 'server',
        appId: 'schedule',
      }
    )
    assert.deepInclude(
      logged.map(({ level, msg, role }) => ({ level, msg, role })),
      {
        level: 50,
        msg: 'An error escaped its request, job or stream; the process carries on',
        role: 'server',
      }
    )
    assert.include(stdout, 'a job that nobody awaited failed')
    assert.include(stdout, 'a stream nobody listened to failed')
  }).timeout(60_000)

  test('a one-off command finishes its work but exits with 1', async ({ assert }) => {
    const { code, stdout, stderr } = await runScript(failingProcess('command'))
    assert.include(stdout, 'still here', stderr)
    assert.equal(code, 1)
  }).timeout(60_000)
})
