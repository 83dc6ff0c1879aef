import type { DropboxFake } from '#tests/fakes/dropbox'
import { DropboxProvider } from '#services/transfer/backup/dropbox_provider'

/** transfer's Dropbox provider pointed at the fake's three hosts. */
export function dropboxProviderFor(dropbox: DropboxFake) {
  return new DropboxProvider({
    www: dropbox.env.DROPBOX_WWW_URL,
    api: dropbox.env.DROPBOX_API_URL,
    content: dropbox.env.DROPBOX_CONTENT_URL,
  })
}

/**
 * Opens the fake's authorize page and presses Allow, as the admin does;
 * answers where the fake sends the browser back (with `code` and `state`).
 */
export async function allowAt(dropbox: DropboxFake, authorizeUrl: string) {
  const page = await fetch(authorizeUrl)
  const form = /action="([^"]+decision=allow)"/.exec(await page.text())![1].replaceAll('&amp;', '&')
  const back = await fetch(new URL(form, dropbox.url), { method: 'POST', redirect: 'manual' })
  return new URL(back.headers.get('location')!)
}
