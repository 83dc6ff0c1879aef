import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { decodeJwt } from 'jose'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { IdentityTokenIssuer } from '#services/sso/identity_token_issuer'
import { PeopleDirectory } from '#services/sso/people_directory'
import { TERMINAL_ACTOR } from '#services/sso/admin_actor'

/*
 * POST /api/apps/session-status: a relying app asks whether the sign-in its
 * session was made from (the identity token's session ticket) still holds.
 */
test.group('sso POST /api/apps/session-status', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function signIn(email = 'pat@example.com') {
    const { app: connected } = await new ConnectedAppRegistry().create('transfer', [
      'http://transfer.example.test:5000/auth/callback',
    ])
    const user = await new UserAccounts().create({
      email,
      password: 'correct horse battery',
      emailVerified: true,
    })
    return { connected, user, ticket: await ticketFor(user.id, connected.apiKey) }
  }

  async function ticketFor(userId: number, apiKey: string) {
    const token = await new IdentityTokenIssuer().issue(userId, apiKey)
    return decodeJwt(token).session_ticket as string
  }

  function status(client: ApiClient, body: Record<string, unknown>) {
    return client.post('/api/apps/session-status').json(body)
  }

  test('a live sign-in is active; a forged, foreign or malformed ticket is a 401', async ({
    client,
  }) => {
    const { connected, ticket } = await signIn()
    const live = await status(client, { apiKey: connected.apiKey, ticket })
    live.assertStatus(200)
    live.assertBody({ active: true })

    const { app: other } = await new ConnectedAppRegistry().create('schedule', [
      'http://schedule.example.test:3334/auth/callback',
    ])
    const [userId, issuedAt] = ticket.split('.')
    for (const [apiKey, given] of [
      [other.apiKey, ticket],
      [connected.apiKey, `${userId}.${Number(issuedAt) + 1}.${ticket.split('.')[2]}`],
      [connected.apiKey, 'not-a-ticket'],
    ]) {
      const refused = await status(client, { apiKey, ticket: given })
      refused.assertStatus(401)
      refused.assertBody({ message: 'Invalid session ticket' })
    }
    const malformed = await status(client, { apiKey: connected.apiKey })
    malformed.assertStatus(422)
  })

  test('ending the person’s sessions ends the sign-ins made before, not those after', async ({
    client,
  }) => {
    const { connected, user, ticket } = await signIn()
    const people = await app.container.make(PeopleDirectory)
    await people.endSessions(user, TERMINAL_ACTOR)
    const ended = await status(client, { apiKey: connected.apiKey, ticket })
    ended.assertStatus(200)
    ended.assertBody({ active: false, reason: 'Sessions ended' })

    const after = await status(client, {
      apiKey: connected.apiKey,
      ticket: await ticketFor(user.id, connected.apiKey),
    })
    after.assertBody({ active: true })
  })

  test('a disabled person and a disabled app are inactive', async ({ client }) => {
    const { connected, user, ticket } = await signIn()
    const people = await app.container.make(PeopleDirectory)
    await people.disable(user, TERMINAL_ACTOR)
    const disabled = await status(client, { apiKey: connected.apiKey, ticket })
    disabled.assertBody({ active: false, reason: 'Account disabled' })

    const other = await signIn('sam@example.com')
    other.connected.enabled = false
    await other.connected.save()
    const appOff = await status(client, { apiKey: other.connected.apiKey, ticket: other.ticket })
    appOff.assertBody({ active: false, reason: 'Unknown or disabled application' })
  })
})
