import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { CookieAgent } from '#tests/helpers/cookie_agent'

/** A browser session on the sign-in page, and the CSRF token that page carries. */
async function signInPage() {
  const agent = new CookieAgent()
  const page = await agent.request('GET', '/login')
  const html = await page.text()
  const token = html.match(/<meta name="csrf-token" content="([^"]+)"/)![1]
  return { agent, token }
}

const credentials = { email: 'nobody@example.com', password: 'not a real password' }
const noHeaderToken = { 'x-csrf-token': '' }

test.group('sso CSRF token sources', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a valid token in the query string alone is refused', async ({ assert }) => {
    const { agent, token } = await signInPage()
    const response = await agent.request(
      'POST',
      `/login?_csrf=${encodeURIComponent(token)}`,
      new URLSearchParams(credentials),
      noHeaderToken
    )
    assert.equal(response.status, 403)
  })

  test('the form body and the header still carry it', async ({ assert }) => {
    const { agent, token } = await signInPage()
    const inBody = await agent.request(
      'POST',
      '/login',
      new URLSearchParams({ ...credentials, _csrf: token }),
      noHeaderToken
    )
    assert.equal(inBody.status, 302)
    const inHeader = await agent.request('POST', '/login', new URLSearchParams(credentials), {
      'x-csrf-token': token,
    })
    assert.equal(inHeader.status, 302)
  })

  test('a query-string token does not override a valid one in the body', async ({ assert }) => {
    const { agent, token } = await signInPage()
    const response = await agent.request(
      'POST',
      '/login?_csrf=forged',
      new URLSearchParams({ ...credentials, _csrf: token }),
      noHeaderToken
    )
    assert.equal(response.status, 302)
  })
})
