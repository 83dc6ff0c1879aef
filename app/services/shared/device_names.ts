import { UAParser } from 'ua-parser-js'

/*
 * A device as a person names it, from the User-Agent a request sent:
 * "Chrome on Linux", "Safari on iPhone". Made on the server and sent with
 * the page props, so the parser never ships to the browser.
 */

/** "Mobile Safari" is the Safari a person knows. */
function browserName(name: string) {
  return name.replace(/^Mobile /, '')
}

function systemName(os: string, model: string | undefined) {
  if (os === 'iOS' && model && /^(iPhone|iPad|iPod)/.test(model)) {
    return model
  }
  return os === 'Mac OS' ? 'Mac' : os
}

/** The device's name, or null when the User-Agent names no browser or system. */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) {
    return null
  }
  const { browser, os, device } = new UAParser(userAgent).getResult()
  const system = os.name ? systemName(os.name, device.model) : null
  if (browser.name && system) {
    return `${browserName(browser.name)} on ${system}`
  }
  return browser.name ? browserName(browser.name) : system
}
