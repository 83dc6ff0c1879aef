import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'

export type RouteAccess = 'public' | 'staff or admin' | 'admin'

export type DescribedRoute = { method: string; path: string; access: RouteAccess }

/** The names of an app's two guards in start/kernel.ts (`transferAuth`, `scheduleAdmin`…). */
export type AppGuards = { signedIn: string; admin: string }

/*
 * What an app's GET /api/app-docs reads from the running process: its routes
 * and the version it runs.
 */

/*
 * A route's access is read from the guard it is registered with, so an app's
 * description follows its routes.
 */
function accessOf(middleware: Iterable<unknown>, guards: AppGuards): RouteAccess {
  const names = new Set([...middleware].map((entry) => (entry as { name?: string }).name))
  if (names.has(guards.admin)) {
    return 'admin'
  }
  return names.has(guards.signedIn) ? 'staff or admin' : 'public'
}

/**
 * Every route this process registered, with its methods and access: the JSON
 * API (paths under /api/), then pages and redirects. GET implies HEAD, so HEAD
 * is left out.
 */
export function routeCatalog(guards: AppGuards) {
  const api: DescribedRoute[] = []
  const browser: DescribedRoute[] = []
  for (const routes of Object.values(router.toJSON())) {
    for (const route of routes) {
      const access = accessOf(route.middleware.all(), guards)
      for (const method of route.methods.filter((name) => name !== 'HEAD')) {
        const entry = { method, path: route.pattern, access }
        ;(route.pattern.startsWith('/api/') ? api : browser).push(entry)
      }
    }
  }
  const order = (a: DescribedRoute, b: DescribedRoute) =>
    a.path.localeCompare(b.path) || a.method.localeCompare(b.method)
  return { api: api.sort(order), browser: browser.sort(order) }
}

let packageVersion: Promise<string> | null = null

/** The version in package.json, read once. */
export function appVersion() {
  packageVersion ??= readFile(app.makePath('package.json'), 'utf8').then((text) =>
    String(JSON.parse(text).version)
  )
  return packageVersion
}
