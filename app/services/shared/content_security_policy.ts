import type { HttpContext } from '@adonisjs/core/http'

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
