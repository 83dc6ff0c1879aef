import { inject } from '@adonisjs/core'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'

/*
 * Characters on which URL parsers disagree or which end a header: controls
 * (the WHATWG parser silently drops tabs and line breaks, others keep them)
 * and the backslash (a slash to browsers, a path character to others).
 */
function isAmbiguous(requested: string) {
  return [...requested].some(
    (character) => character < ' ' || character === '\u007F' || character === '\\'
  )
}

/**
 * Where /logout sends the browser: back to a registered app (spec 1, GET
 * /logout), else sso's own sign-in page. The address sent is the one this
 * process parsed and checked, never the string it was given, so no browser
 * can read the Location header differently from the check.
 */
@inject()
export class LogoutRedirect {
  constructor(protected registry: ConnectedAppRegistry) {}

  async target(requested: string | undefined) {
    const url = webAddress(requested)
    if (url && (await this.registry.isRegisteredOrigin(url.href))) {
      return url.href
    }
    return '/login'
  }
}

function webAddress(requested: string | undefined) {
  if (!requested || isAmbiguous(requested)) {
    return null
  }
  const url = URL.parse(requested)
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    return null
  }
  return url
}
