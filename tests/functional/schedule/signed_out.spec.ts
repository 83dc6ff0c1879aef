import { test } from '@japa/runner'
import { apiRoutes, routeName } from '#tests/helpers/signed_out_routes'

/*
 * The API routes spec 3 makes public; every other /api/ route needs a
 * signed-in person (admin routes too: sign-in is checked first).
 */
const PUBLIC = [
  'GET /api/landing-settings',
  'GET /api/app-docs',
  'POST /api/admin/bootstrap',
  'GET /api/share/:token',
  'POST /api/auth/exchange',
  'GET /api/auth/me',
  'POST /api/auth/logout',
]

test.group('schedule without a session', () => {
  test('the public API routes are the documented ones and exist', ({ assert }) => {
    const names = apiRoutes().map(routeName)
    for (const name of PUBLIC) {
      assert.include(names, name)
    }
  })

  test('every other API route answers 401 Not authenticated', async ({ client, assert }) => {
    const guarded = apiRoutes().filter((route) => !PUBLIC.includes(routeName(route)))
    assert.isAbove(guarded.length, 90)
    for (const route of guarded) {
      const response = await client
        .request(route.url, route.method)
        .header('accept', 'application/json')
        .json({})
        .withCsrfToken()
      assert.deepEqual(
        { status: response.status(), body: response.body() },
        { status: 401, body: { message: 'Not authenticated' } },
        routeName(route)
      )
    }
  })
})
