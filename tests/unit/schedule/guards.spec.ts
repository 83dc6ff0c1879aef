import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type { HttpContext } from '@adonisjs/core/http'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import RequireAuthMiddleware from '#middleware/schedule/require_auth_middleware'
import { displayNameFromEmail } from '#services/schedule/schedule_users'

/** Runs the guard inside the real session middleware; tells whether the request got through. */
async function passesGuard(sessionValues: Record<string, string>) {
  const ctx = await testUtils.createHttpContext()
  const session = await app.container.make(SessionMiddleware)
  let reached = false
  await session.handle(ctx, async () => {
    for (const [key, value] of Object.entries(sessionValues)) {
      ctx.session.put(key, value)
    }
    await new RequireAuthMiddleware().handle(ctx as HttpContext, async () => {
      reached = true
    })
  })
  return { reached, ctx }
}

test.group('schedule requireAuth', () => {
  test('answers 401 { message: "Not authenticated" } without a session user', async ({
    assert,
  }) => {
    const { reached, ctx } = await passesGuard({})
    assert.isFalse(reached)
    assert.equal(ctx.response.getStatus(), 401)
    assert.deepEqual(ctx.response.getBody(), { message: 'Not authenticated' })
  })

  test('lets a signed-in person through', async ({ assert }) => {
    const { reached } = await passesGuard({ userId: 'u-1' })
    assert.isTrue(reached)
  })
})

test.group('schedule display names', () => {
  test('come from the email prefix: dots become spaces, words capitalised', ({ assert }) => {
    assert.equal(displayNameFromEmail('mary.ann.smith@example.com'), 'Mary Ann Smith')
    assert.equal(displayNameFromEmail('bob@example.com'), 'Bob')
  })
})
