import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'

export type AppRoute = { method: string; pattern: string; url: string }

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
 * Every route of the running app, one entry per method (HEAD left out: it
 * answers as GET does), with its parameters filled with values no record
 * has, so that only the guard can answer.
 */
export function appRoutes(): AppRoute[] {
  return Object.values(router.toJSON())
    .flat()
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

function isApi(route: AppRoute) {
  return route.pattern.startsWith('/api/')
}

/** Every `/api/` route of the running app, as appRoutes gives them. */
export function apiRoutes(): AppRoute[] {
  return appRoutes().filter(isApi)
}

/** `METHOD /pattern`, as the README's route tables name a route. */
export function routeName(route: Pick<AppRoute, 'method' | 'pattern'>) {
  return `${route.method} ${route.pattern}`
}

/** Pages too: every route outside /api/ that is not public sends the visitor to sign in. */
type PagesRule = { signIn: string; atLeast: number }

/**
 * The "401 without a session" table of an app: the routes its spec makes
 * public exist, and every other /api/ route answers 401 with `body`. With
 * `pages`, `publicRoutes` names the public pages too, and every other page
 * redirects to `pages.signIn`.
 */
export function signedOutMatrix(
  appName: string,
  publicRoutes: string[],
  body: Record<string, string>,
  atLeast: number,
  pages?: PagesRule
) {
  test.group(`${appName} without a session`, () => {
    test('the public routes are the documented ones and exist', ({ assert }) => {
      const names = (pages ? appRoutes() : apiRoutes()).map(routeName)
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

    if (pages) {
      test('every other page sends to sign-in', async ({ client, assert }) => {
        const guarded = appRoutes().filter(
          (route) => !isApi(route) && !publicRoutes.includes(routeName(route))
        )
        assert.isAtLeast(guarded.length, pages.atLeast)
        for (const route of guarded) {
          const response = await client
            .request(route.url, route.method)
            .withCsrfToken()
            .redirects(0)
          assert.deepEqual(
            { status: response.status(), location: response.header('location') },
            { status: 302, location: pages.signIn },
            routeName(route)
          )
        }
      })
    }
  })
}
