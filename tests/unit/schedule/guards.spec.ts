import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type { HttpContext } from '@adonisjs/core/http'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import RequireAuthMiddleware from '#middleware/schedule/require_auth_middleware'
import { ScheduleUsers, displayNameFromEmail } from '#services/schedule/people/schedule_users'

/** Runs the guard inside the real session middleware; tells whether the request got through. */
async function passesGuard(sessionValues: Record<string, string>) {
  const ctx = await testUtils.createHttpContext()
  const session = await app.container.make(SessionMiddleware)
  let reached = false
  await session.handle(ctx, async () => {
    for (const [key, value] of Object.entries(sessionValues)) {
      ctx.session.put(key, value)
    }
    await new RequireAuthMiddleware(new ScheduleUsers()).handle(ctx as HttpContext, async () => {
      reached = true
    })
  })
  return { reached, ctx }
}

test.group('schedule requireAuth', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers 401 { message: "Not authenticated" } without a session user', async ({
    assert,
  }) => {
    const { reached, ctx } = await passesGuard({})
    assert.isFalse(reached)
    assert.equal(ctx.response.getStatus(), 401)
    assert.deepEqual(ctx.response.getBody(), { message: 'Not authenticated' })
  })

  test('lets a signed-in person through and names them on the context', async ({ assert }) => {
    const user = await new ScheduleUsers().create('guard.test@example.com')
    const { reached, ctx } = await passesGuard({ userId: user.id })
    assert.isTrue(reached)
    assert.equal((ctx as HttpContext).scheduleUser.email, 'guard.test@example.com')
  })

  test('answers 401 once the person has been removed from app_users', async ({ assert }) => {
    const user = await new ScheduleUsers().create('removed@example.com')
    await user.delete()
    const { reached, ctx } = await passesGuard({ userId: user.id })
    assert.isFalse(reached)
    assert.equal(ctx.response.getStatus(), 401)
  })
})

test.group('schedule display names', () => {
  test('come from the email prefix: dots become spaces, words capitalised', ({ assert }) => {
    assert.equal(displayNameFromEmail('mary.ann.smith@example.com'), 'Mary Ann Smith')
    assert.equal(displayNameFromEmail('bob@example.com'), 'Bob')
  })
})
