import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type { Page } from 'playwright'

/** The directives of a Content-Security-Policy header, by name. */
export function directivesOf(policy: string | undefined) {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources] as const)
  )
}

/**
 * An HTML page's policy: nonce-only scripts, nothing framing it, no plugins,
 * no <base> elsewhere; every script tag of the page carries the response's
 * nonce. Returns the nonce.
 */
export function assertNoncedPage(assert: Assert, response: ApiResponse) {
  const directives = directivesOf(response.header('content-security-policy'))
  const scriptSources = directives.get('script-src') ?? []
  const nonce = scriptSources.find((source) => source.startsWith(`'nonce-`))?.slice(7, -1)
  assert.isString(nonce, 'script-src has a nonce')
  assert.deepEqual(scriptSources, [`'self'`, `'nonce-${nonce}'`])
  assert.deepEqual(directives.get('default-src'), [`'self'`])
  assert.deepEqual(directives.get('object-src'), [`'none'`])
  assert.deepEqual(directives.get('base-uri'), [`'self'`])
  assert.deepEqual(directives.get('frame-ancestors'), [`'none'`])
  const scripts = response.text().match(/<script\b[^>]*>/g) ?? []
  assert.isAbove(scripts.length, 0, 'the page has script tags')
  for (const script of scripts) {
    assert.include(script, ` nonce="${nonce}"`)
  }
  return nonce!
}

/*
 * Run in the page (as a string: the tests are type-checked without the DOM).
 * A buffered ReportingObserver also receives the reports made before it
 * existed, so this finds every violation since the document loaded.
 */
const COLLECT_VIOLATIONS = `new Promise((resolve) => {
  const found = []
  const observer = new ReportingObserver(
    (reports) => found.push(...reports.map(({ body }) =>
      body.effectiveDirective + ' refused ' + body.blockedURL + ' in ' + body.documentURL)),
    { types: ['csp-violation'], buffered: true }
  )
  observer.observe()
  setTimeout(() => { observer.disconnect(); resolve(found) }, 100)
})`

/** What the page's Content-Security-Policy refused since it loaded (empty when nothing). */
export function cspViolations(page: Page) {
  return page.evaluate<string[]>(COLLECT_VIOLATIONS)
}
