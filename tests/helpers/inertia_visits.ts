import type { ApiClient } from '@japa/api-client'

/**
 * A page visit as Inertia's client makes it after the first load: the
 * answer is the page object as JSON (component, props). `partial` asks for
 * a partial reload of only those props, as `router.get(url, {}, { only })` does.
 */
export function inertiaVisit(
  client: ApiClient,
  url: string,
  {
    session,
    partial,
  }: {
    session?: Record<string, string | number>
    partial?: { component: string; only: string[] }
  } = {}
) {
  let request = client
    .get(url)
    .header('x-inertia', 'true')
    .header('x-inertia-version', '1')
    .redirects(0)
  if (session) {
    request = request.withSession(session)
  }
  if (partial) {
    request = request
      .header('x-inertia-partial-component', partial.component)
      .header('x-inertia-partial-data', partial.only.join(','))
  }
  return request
}
