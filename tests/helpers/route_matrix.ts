import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'

export type AppRoute = { method: string; pattern: string; url: string; guards: string[] }

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

function middlewareNames(middleware: Iterable<unknown>) {
  return [...middleware].flatMap((entry) => {
    const name = (entry as { name?: unknown }).name
    return typeof name === 'string' ? [name] : []
  })
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
          guards: middlewareNames(route.middleware.all()),
        }))
    )
}

export function isApi(route: Pick<AppRoute, 'pattern'>) {
  return route.pattern.startsWith('/api/')
}

/** `METHOD /pattern`, as the README's route tables name a route. */
export function routeName(route: Pick<AppRoute, 'method' | 'pattern'>) {
  return `${route.method} ${route.pattern}`
}

/** Who a route is for: anyone, any signed-in person of the app, or its admins. */
export type Access = 'public' | 'signed in' | 'admin'

/** The four callers of the matrix. */
export type Identity = 'anonymous' | 'no access' | 'staff' | 'admin'

export const IDENTITIES: Identity[] = ['anonymous', 'no access', 'staff', 'admin']

/** Makes a request come from one person (a session, a login); anonymous sends it as it is. */
export type Caller = (request: ApiRequest) => ApiRequest

/**
 * The answer classes. `answers`: anything but a server error (a public
 * route's own answer). `signed out`: the API's 401 body, a page's redirect to
 * sign-in. `not admin`: the API's 403 body, a page's 403. `let in`: neither
 * 401 nor 403 nor a server error nor the sign-in redirect.
 */
export type Outcome = 'answers' | 'signed out' | 'not admin' | 'let in'

/** The one table: what each caller gets from each kind of route. */
const EXPECTED: Record<Access, Record<Identity, Outcome>> = {
  'public': {
    'anonymous': 'answers',
    'no access': 'answers',
    'staff': 'answers',
    'admin': 'answers',
  },
  'signed in': {
    'anonymous': 'signed out',
    'no access': 'signed out',
    'staff': 'let in',
    'admin': 'let in',
  },
  'admin': {
    'anonymous': 'signed out',
    'no access': 'signed out',
    'staff': 'not admin',
    'admin': 'let in',
  },
}

export type RouteMatrix = {
  app: string
  /** Every route of the app by `routeName`: a route missing here fails the matrix. */
  routes: Record<string, Access>
  /** The guards' names in start/kernel.ts, to suggest an entry for a new route. */
  guards: { signedIn: string[]; admin: string[] }
  /** The API's bodies: 401 without a (valid) session, 403 for a person who is not an admin. */
  signedOutBody: Record<string, string>
  notAdminBody: Record<string, string>
  /** Where a page sends a signed-out visitor. */
  signInPage: string
  /** A GET that answers 200 while the app is up. */
  alive: string
  /**
   * Routes that answer 503 with their reason while the outside service they
   * need is not configured (as in the tests), by design rather than by fault.
   */
  unavailable?: Record<string, string>
  /** Routes the body fuzz leaves out, each with the reason. */
  fuzzSkip?: Record<string, string>
  /**
   * More URLs the body fuzz sends a route's cases to: real keys (a setting, a
   * template) reach the validator where a placeholder answers 404 first.
   */
  fuzzUrls?: Record<string, string[]>
  /**
   * The three signed-in callers, made once for the group (committed: each
   * request runs in its own transaction, so one failing query cannot poison
   * the next) and removed by `forget`.
   */
  callers: () => Promise<{
    callers: Record<Exclude<Identity, 'anonymous'>, Caller>
    forget: () => Promise<unknown>
  }>
}

function suggestedAccess(route: AppRoute, guards: RouteMatrix['guards']): Access {
  if (route.guards.some((name) => guards.admin.includes(name))) return 'admin'
  return route.guards.some((name) => guards.signedIn.includes(name)) ? 'signed in' : 'public'
}

/** What a response shows a reader of a failure: status, and the body or redirect. */
function observed(response: ApiResponse) {
  const location = response.header('location')
  const body = response.text().slice(0, 200)
  return `${response.status()}${location ? ` → ${location}` : ''} ${body}`
}

/** A deliberate 503 of a route whose outside service is not configured, with its reason. */
export function unavailableByDesign(route: AppRoute, response: ApiResponse, matrix: RouteMatrix) {
  const message = (response.body() as Record<string, unknown> | null)?.[
    Object.keys(matrix.signedOutBody)[0]
  ]
  return (
    response.status() === 503 &&
    routeName(route) in (matrix.unavailable ?? {}) &&
    typeof message === 'string' &&
    message !== 'Internal server error'
  )
}

function matches(route: AppRoute, outcome: Outcome, response: ApiResponse, matrix: RouteMatrix) {
  const status = response.status()
  if (outcome === 'let in' && unavailableByDesign(route, response, matrix)) return true
  if (status >= 500) return false
  const location = response.header('location')
  const sentToSignIn = status === 302 && location === matrix.signInPage
  switch (outcome) {
    case 'answers':
      return true
    case 'signed out':
      return isApi(route)
        ? status === 401 && sameBody(response, matrix.signedOutBody)
        : sentToSignIn
    case 'not admin':
      return isApi(route)
        ? status === 403 && sameBody(response, matrix.notAdminBody)
        : status === 403
    case 'let in':
      return status !== 401 && status !== 403 && !sentToSignIn
  }
}

function sameBody(response: ApiResponse, expected: Record<string, string>) {
  return JSON.stringify(response.body()) === JSON.stringify(expected)
}

/** One request of the matrix: JSON for the API, a plain visit for pages, no redirects followed. */
export function send(client: ApiClient, route: AppRoute, caller?: Caller) {
  let request = client.request(route.url, route.method).redirects(0).withCsrfToken()
  if (isApi(route)) {
    request = request.header('accept', 'application/json').json({})
  }
  return caller ? caller(request) : request
}

/**
 * Runs `work` inside a transaction that is rolled back, so a request that
 * breaks a query (or changes data) leaves nothing for the next one.
 */
export async function inRolledBackTransaction<T>(work: () => Promise<T>) {
  const rollback = await testUtils.db().withGlobalTransaction()
  try {
    return await work()
  } finally {
    await rollback()
  }
}

/**
 * The access matrix of an app: every route × (anonymous, signed in without
 * access, staff, admin) answers the class EXPECTED gives its entry in
 * `matrix.routes`, and every route has an entry.
 */
export function routeMatrix(matrix: RouteMatrix) {
  test.group(`${matrix.app} route matrix`, (group) => {
    let callers: Record<Exclude<Identity, 'anonymous'>, Caller>
    group.setup(async () => {
      const made = await matrix.callers()
      callers = made.callers
      return async () => {
        await made.forget()
      }
    })
    group.each.timeout(120_000)

    test('every route has an entry and every entry a route', ({ assert }) => {
      const routes = appRoutes()
      const missing = routes
        .filter((route) => !(routeName(route) in matrix.routes))
        .map(
          (route) =>
            `route ${routeName(route)} has no entry in the matrix: add it ` +
            `('${routeName(route)}': '${suggestedAccess(route, matrix.guards)}' by its guards)`
        )
      const names = new Set(routes.map(routeName))
      const stale = Object.keys(matrix.routes)
        .filter((name) => !names.has(name))
        .map((name) => `the matrix names ${name}, which the router does not have: remove it`)
      assert.deepEqual([...missing, ...stale], [])
    })

    for (const identity of IDENTITIES) {
      test(`as ${identity}, every route answers its class`, async ({ client, assert }) => {
        const failures: string[] = []
        const routes = appRoutes().filter((route) => routeName(route) in matrix.routes)
        assert.isAbove(routes.length, 0)
        for (const route of routes) {
          const outcome = EXPECTED[matrix.routes[routeName(route)]][identity]
          const caller = identity === 'anonymous' ? undefined : callers[identity]
          const response = await inRolledBackTransaction(() => send(client, route, caller))
          if (!matches(route, outcome, response, matrix)) {
            failures.push(`${routeName(route)}: expected ${outcome}, got ${observed(response)}`)
          }
        }
        assert.deepEqual(failures, [])
      })
    }
  })
}
