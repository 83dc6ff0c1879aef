import type { IncomingMessage } from 'node:http'
import type { HttpContext } from '@adonisjs/core/http'

/** Stands for the response's nonce among a directive's sources. */
export const NONCE = '@nonce'

/** A source: written as it is, or worked out from the request (the dev server's socket). */
export type CspSource = string | ((request: IncomingMessage) => string)

export type CspDirectives = Record<string, CspSource[]>

/**
 * A policy joined once: what every response shares is one string, and only
 * the nonce (and, in development, the HMR socket's host) is filled in per
 * response.
 */
export function compilePolicy(directives: CspDirectives) {
  const parts: CspSource[] = []
  let text = ''
  const sources = Object.entries(directives).flatMap(([name, values], index) => [
    ...(index > 0 ? ['; '] : []),
    name,
    ...values.flatMap((value) => [' ', value]),
  ])
  for (const source of sources) {
    if (typeof source === 'string' && source !== NONCE) {
      text += source
      continue
    }
    parts.push(text, source)
    text = ''
  }
  parts.push(text)
  return (request: IncomingMessage, nonce: string) =>
    parts
      .map((part) =>
        part === NONCE ? `'nonce-${nonce}'` : typeof part === 'string' ? part : part(request)
      )
      .join('')
}

/**
 * Sets one directive of this response's Content-Security-Policy (set for
 * every response by SecurityHeadersMiddleware), keeping the others: the sso
 * widget's frame-ancestors, the targets of sso's sign-in forms.
 */
export function setCspDirective(
  response: HttpContext['response'],
  name: string,
  sources: string[]
) {
  const policy = String(response.getHeader('Content-Security-Policy') ?? '')
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && directive.split(' ')[0] !== name)
  directives.push([name, ...sources].join(' '))
  response.header('Content-Security-Policy', directives.join('; '))
}
