import { test } from '@japa/runner'

export const READINESS_CHECKS = ['database', 'migrations', 'storage', 'jobs']

/**
 * GET /healthz and GET /readyz of the app this run serves, all checks
 * passing: what a load balancer polling it sees, without a session.
 */
export function healthProbeTests(appId: string) {
  test.group(`${appId} health probes`, () => {
    test('/healthz answers 200 { status: ok }, never cached', async ({ client, assert }) => {
      const response = await client.get('/healthz').redirects(0)
      response.assertStatus(200)
      response.assertBody({ status: 'ok' })
      assert.equal(response.header('cache-control'), 'no-store')
      assert.isUndefined(response.header('set-cookie'))
    })

    test('/readyz answers 200 naming each check, passing, with its duration', async ({
      client,
      assert,
    }) => {
      const response = await client.get('/readyz').redirects(0)
      response.assertStatus(200)
      assert.equal(response.header('cache-control'), 'no-store')
      assert.isUndefined(response.header('set-cookie'))
      const body = response.body()
      assert.equal(body.status, 'ok')
      assert.sameMembers(Object.keys(body.checks), READINESS_CHECKS)
      for (const name of READINESS_CHECKS) {
        assert.equal(body.checks[name].status, 'ok', `${name}: ${body.checks[name].reason}`)
        assert.isNumber(body.checks[name].durationMs)
      }
      assert.isAbove(body.checks.storage.freeBytes, body.checks.storage.minFreeBytes)
    })
  })
}
