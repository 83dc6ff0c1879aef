import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import { createDrainingServer } from '#services/shared/draining_http_server'

type Answer = { status: number; connection: string | undefined; body: string }

/** A server whose GET /slow answers after 300 ms and everything else at once. */
async function startServer() {
  const { server, drain } = createDrainingServer({}, (incoming, response) => {
    const delay = incoming.url === '/slow' ? 300 : 0
    setTimeout(() => response.end(`answered ${incoming.url}`), delay)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const get = (path: string) =>
    new Promise<Answer>((resolve, reject) => {
      request({ port, path, agent }, (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body })
        )
      })
        .once('error', reject)
        .end()
    })
  return { server, drain, get, agent }
}

test.group('createDrainingServer', () => {
  test('drain: the request in flight finishes, its connection closes, no new connection is taken', async ({
    assert,
  }) => {
    const { server, drain, get, agent } = await startServer()
    await get('/')
    const slow = get('/slow')
    await sleep(50)
    const drained = drain()

    const answer = await slow
    assert.deepEqual(answer, { status: 200, connection: 'close', body: 'answered /slow' })
    await drained
    assert.isFalse(server.listening)
    await assert.rejects(() => get('/'))
    agent.destroy()
  })

  test("drain waits for the balancer's next readiness check, answers it 503, then stops listening", async ({
    assert,
  }) => {
    const { server, drain, get, agent } = await startServer()
    // Checks a second apart: drain then waits up to two seconds for the next one.
    await get('/readyz')
    await sleep(1000)
    await get('/readyz')
    let drained = false
    const draining = drain().then(() => (drained = true))

    await sleep(20)
    assert.isFalse(drained)
    const served = await get('/')
    assert.deepEqual(served, { status: 200, connection: 'close', body: 'answered /' })
    const check = await get('/readyz')
    assert.equal(check.status, 503)
    assert.deepEqual(JSON.parse(check.body), { status: 'draining', checks: {} })
    await draining
    assert.isFalse(server.listening)
    agent.destroy()
  })

  test('without regular checks, drain stops listening at once', async ({ assert }) => {
    const { server, drain, get, agent } = await startServer()
    await get('/readyz')
    await drain()
    assert.isFalse(server.listening)
    agent.destroy()
  })
})
