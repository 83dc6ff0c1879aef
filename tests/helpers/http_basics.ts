import { test } from '@japa/runner'
import { SECURITY_HEADERS } from '#middleware/shared/security_headers_middleware'

/**
 * What every app's every response must do (the specs' section 4 preamble):
 * the four security headers, compression, and the app's own error shape for
 * unknown routes, as JSON for API callers and as a page for browsers.
 */
export function httpBasicsTests(appId: string, errorKey: 'error' | 'message', pagePath: string) {
  test.group(`${appId} responses`, () => {
    test('carry the four security headers, on pages and on 404s alike', async ({
      client,
      assert,
    }) => {
      for (const path of ['/', '/no/such/page', '/api/no-such-route']) {
        const response = await client.get(path).redirects(0)
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
          assert.equal(response.header(name.toLowerCase()), value, `${name} on ${path}`)
        }
      }
    })

    test('unknown API routes answer 404 with the app error shape', async ({ client }) => {
      const response = await client.get('/api/no-such-route').header('accept', 'application/json')
      response.assertStatus(404)
      response.assertBody({ [errorKey]: 'Not found' })
    })

    test('unknown pages answer 404 with an HTML page for browsers', async ({ client, assert }) => {
      const response = await client.get('/no/such/page').header('accept', 'text/html')
      response.assertStatus(404)
      assert.match(response.header('content-type')!, /text\/html/)
      assert.include(response.text(), 'This page does not exist.')
    })

    test('are gzip-compressed when the client accepts it (above 1 KB)', async ({
      client,
      assert,
    }) => {
      const response = await client
        .get(pagePath)
        .header('accept', 'text/html')
        .header('accept-encoding', 'gzip')
      response.assertStatus(200)
      assert.equal(response.header('content-encoding')!, 'gzip')
      assert.include(response.text(), 'data-page=')
    })
  })
}
