import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'

export type ApiRoute = { method: string; pattern: string; url: string }

type Matchers = Record<string, { match?: RegExp } | undefined>

/*
 * Values that name no record, in the forms routes accept (numeric ids, UUIDs,
 * calendar days, tokens); a parameter gets the first its matcher allows.
 */
const PLACEHOLDERS = ['999999', '00000000-0000-4000-8000-000000000000', '1999-01-01']

function placeholder(param: string, matchers: Matchers) {
  const match = matchers[param]?.match
  if (match) {
    return PLACEHOLDERS.find((value) => match.test(value)) ?? `no-such-${param}`
  }
  if (/id$/i.test(param)) {
    return PLACEHOLDERS[0]
  }
  return /date$/i.test(param) ? PLACEHOLDERS[2] : `no-such-${param}`
}

/**
 * Every `/api/` route of the running app, one entry per method (HEAD left
 * out: it answers as GET does), with its parameters filled with values no
 * record has, so that only the guard can answer.
 */
export function apiRoutes(): ApiRoute[] {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.pattern.startsWith('/api/'))
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          pattern: route.pattern,
          url: route.pattern.replace(/:(\w+)/g, (_, name: string) =>
            placeholder(name, route.matchers as Matchers)
          ),
        }))
    )
}

/** `METHOD /pattern`, as the README's route tables name a route. */
export function routeName(route: Pick<ApiRoute, 'method' | 'pattern'>) {
  return `${route.method} ${route.pattern}`
}

/**
 * The "401 without a session" table of a relying app: the routes its spec
 * makes public exist, and every other /api/ route answers 401 with `body`.
 */
export function signedOutMatrix(
  appName: string,
  publicRoutes: string[],
  body: Record<string, string>,
  atLeast: number
) {
  test.group(`${appName} without a session`, () => {
    test('the public API routes are the documented ones and exist', ({ assert }) => {
      const names = apiRoutes().map(routeName)
      for (const name of publicRoutes) {
        assert.include(names, name)
      }
    })

    test('every other API route answers 401', async ({ client, assert }) => {
      const guarded = apiRoutes().filter((route) => !publicRoutes.includes(routeName(route)))
      assert.isAtLeast(guarded.length, atLeast)
      for (const route of guarded) {
        const response = await client
          .request(route.url, route.method)
          .header('accept', 'application/json')
          .json({})
          .withCsrfToken()
        assert.deepEqual(
          { status: response.status(), body: response.body() },
          { status: 401, body },
          routeName(route)
        )
      }
    })
  })
}
