import { test } from '@japa/runner'
import { apiRoutes, routeName } from '#tests/helpers/signed_out_routes'

/*
 * The API routes spec 2 makes public (the upload page's, the share page's,
 * sign-in's); every other /api/ route needs a signed-in person (admin routes
 * too: sign-in is checked first).
 */
const PUBLIC = [
  'POST /api/public-uploads',
  'PATCH /api/public-uploads/tus/:key',
  'DELETE /api/public-uploads/tus/:key',
  'GET /api/settings/email-verification',
  'POST /api/verify-email/send',
  'POST /api/verify-email/check',
  'GET /api/generate-password',
  'GET /api/share/:token',
  'POST /api/share/:token/download',
  'GET /api/public-uploads/:id/download',
  'GET /api/app-docs',
  'POST /api/internal/heartbeat',
  'GET /api/auth/callback',
  'GET /api/auth/login',
  'POST /api/auth/exchange',
  'GET /api/auth/me',
  'POST /api/auth/logout',
]

test.group('transfer without a session', () => {
  test('the public API routes are the documented ones and exist', ({ assert }) => {
    const names = apiRoutes().map(routeName)
    for (const name of PUBLIC) {
      assert.include(names, name)
    }
  })

  test('every other API route answers 401 Authentication required', async ({ client, assert }) => {
    const guarded = apiRoutes().filter((route) => !PUBLIC.includes(routeName(route)))
    assert.isAbove(guarded.length, 15)
    for (const route of guarded) {
      const response = await client
        .request(route.url, route.method)
        .header('accept', 'application/json')
        .json({})
        .withCsrfToken()
      assert.deepEqual(
        { status: response.status(), body: response.body() },
        { status: 401, body: { error: 'Authentication required' } },
        routeName(route)
      )
    }
  })
})
