import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import { RestartingProcess } from '#services/shared/restarting_process'
import { stackAddresses } from '#services/shared/stack_addresses'
import { waitUntil } from '#tests/helpers/wait_until'

/*
 * The launcher's apps as real child processes (a node that exits with code
 * 1, at once or after a while): when one exits on its own it is started
 * again after a wait that doubles while it keeps exiting, and starts over
 * once it stayed up; a stop is final.
 */

function dying(afterMs: number) {
  return () => spawn(process.execPath, ['-e', `setTimeout(() => process.exit(1), ${afterMs})`])
}

function restartsIn(lines: string[]) {
  return lines
    .filter((line) => line.includes('restarting in'))
    .map((line) => line.split('restarting in ')[1])
}

test.group('RestartingProcess', () => {
  test('a process that keeps exiting waits longer each time, up to the cap', async ({ assert }) => {
    const lines: string[] = []
    const kept = new RestartingProcess({
      spawn: dying(0),
      log: (line) => lines.push(line),
      backoff: { firstMs: 50, maxMs: 200, resetAfterMs: 60_000 },
    })
    kept.restartOnExit()
    await waitUntil('five restarts', () => restartsIn(lines).length >= 5, 15_000)
    await kept.stop()
    assert.deepEqual(restartsIn(lines).slice(0, 5), [
      '50 ms',
      '100 ms',
      '200 ms',
      '200 ms',
      '200 ms',
    ])
    assert.equal(lines[0], 'exited unexpectedly (code 1); restarting in 50 ms')
  }).timeout(20_000)

  test('a process that stayed up a while waits the first delay again', async ({ assert }) => {
    const lines: string[] = []
    const kept = new RestartingProcess({
      spawn: dying(400),
      log: (line) => lines.push(line),
      backoff: { firstMs: 50, maxMs: 1000, resetAfterMs: 300 },
    })
    kept.restartOnExit()
    await waitUntil('three restarts', () => restartsIn(lines).length >= 3, 15_000)
    await kept.stop()
    assert.deepEqual(restartsIn(lines).slice(0, 3), ['50 ms', '50 ms', '50 ms'])
  }).timeout(20_000)

  test('a stop is final, even while a restart waits', async ({ assert }) => {
    const lines: string[] = []
    const kept = new RestartingProcess({
      spawn: dying(0),
      log: (line) => lines.push(line),
      backoff: { firstMs: 300, maxMs: 300, resetAfterMs: 60_000 },
    })
    kept.restartOnExit()
    await waitUntil('the first exit', () => restartsIn(lines).length === 1, 10_000)
    await kept.stop()
    await sleep(600)
    assert.deepEqual(restartsIn(lines), ['300 ms'])
    assert.notInclude(lines, 'starting again')
  }).timeout(20_000)

  test('before restartOnExit, an exit is only reported', async ({ assert }) => {
    const lines: string[] = []
    const kept = new RestartingProcess({ spawn: dying(0), log: (line) => lines.push(line) })
    await waitUntil('the exit', () => lines.length > 0, 10_000)
    await sleep(200)
    assert.deepEqual(lines, ['exited (code 1)'])
    assert.equal(kept.child.exitCode, 1)
  }).timeout(20_000)
})

test.group('stackAddresses', () => {
  test('by default, or with a loopback host, the apps listen on loopback only', ({ assert }) => {
    assert.deepEqual(stackAddresses(), {
      host: 'localhost',
      listen: '127.0.0.1',
      servesNetwork: false,
    })
    assert.deepEqual(stackAddresses('127.0.0.1').listen, '127.0.0.1')
    assert.deepEqual(stackAddresses('::1'), { host: '[::1]', listen: '::1', servesNetwork: false })
  })

  test('another host serves the network, and the URLs use a name others reach', ({ assert }) => {
    assert.deepEqual(stackAddresses('studio-mac.local'), {
      host: 'studio-mac.local',
      listen: '0.0.0.0',
      servesNetwork: true,
    })
    const wildcard = stackAddresses('0.0.0.0')
    assert.equal(wildcard.listen, '0.0.0.0')
    assert.isTrue(wildcard.servesNetwork)
    assert.notEqual(wildcard.host, '0.0.0.0')
  })
})
