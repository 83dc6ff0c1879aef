import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { CookieAgent } from '#tests/helpers/cookie_agent'
import { verifiedPerson } from '#tests/helpers/sso_people'

/** The page a browser's next Inertia visit gets, as JSON, with the raw text to search. */
async function pageOf(agent: CookieAgent, path: string) {
  const response = await agent.request('GET', path, undefined, {
    'x-inertia': 'true',
    'x-inertia-version': '1',
  })
  const text = await response.text()
  return { text, page: JSON.parse(text) as { component: string; props: Record<string, any> } }
}

/*
 * A refused form shows what the person typed again (never a password), so a
 * typo in the password or a too common one does not mean typing everything
 * again.
 */
test.group('sso forms keep what was typed when refused', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a failed sign-in keeps the email, not the password', async ({ assert }) => {
    const user = await verifiedPerson()
    const agent = new CookieAgent()
    await agent.request('GET', '/login')
    const refused = await agent.request(
      'POST',
      '/login',
      new URLSearchParams({ email: user.email, password: 'not the password at all' })
    )
    assert.equal(refused.status, 302)
    assert.equal(refused.headers.get('location'), '/login')

    const { text, page } = await pageOf(agent, '/login')
    assert.equal(page.component, 'sso/sign_in')
    assert.equal(page.props.email, user.email)
    assert.deepEqual(page.props.errors, { email: 'Invalid email or password.' })
    assert.notInclude(text, 'not the password at all')

    // Kept once: the next visit starts empty again.
    const later = await pageOf(agent, '/login')
    assert.equal(later.page.props.email, '')
  })

  test('a refused registration keeps the name and email, not the password', async ({ assert }) => {
    const agent = new CookieAgent()
    await agent.request('GET', '/register')
    const refused = await agent.request(
      'POST',
      '/register',
      new URLSearchParams({ name: 'Rigg Ing', email: 'rigg@example.com', password: 'password123' }),
      { referer: `${agent.baseUrl}/register` }
    )
    assert.equal(refused.status, 302)
    assert.equal(refused.headers.get('location'), `${agent.baseUrl}/register`)

    const { text, page } = await pageOf(agent, '/register')
    assert.equal(page.component, 'sso/register')
    assert.deepEqual(page.props.kept, { name: 'Rigg Ing', email: 'rigg@example.com' })
    assert.match(page.props.errors.password, /too common/)
    assert.notInclude(text, 'password123')
  })

  test('a first visit to either form starts empty', async ({ assert }) => {
    const agent = new CookieAgent()
    const signIn = await pageOf(agent, '/login')
    assert.equal(signIn.page.props.email, '')
    const register = await pageOf(agent, '/register')
    assert.deepEqual(register.page.props.kept, { name: '', email: '' })
  })
})
