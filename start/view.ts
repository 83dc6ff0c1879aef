import edge from 'edge.js'
import { HttpContext } from '@adonisjs/core/http'
import { appProfile } from '#config/app'

edge.global('appId', appProfile.id)
edge.global('appTitle', appProfile.title)

/*
 * A request's renderer, as the framework makes it (once, on first use), with
 * the response's CSP nonce shared as `cspNonce` (SecurityHeadersMiddleware
 * makes it): only a request that renders a view pays for a renderer.
 */
HttpContext.getter(
  'view',
  function (this: HttpContext) {
    return edge.createRenderer().share({ request: this.request, cspNonce: this.response.nonce })
  },
  true
)
