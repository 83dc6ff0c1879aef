/**
 * A document that is not the page's own (an email's HTML), shown as it will
 * look, in a frame with no permissions at all: no scripts, no forms, no
 * navigation, its own opaque origin. It stays on a white sheet in the dark
 * theme too, as mail readers show it.
 */
export function DocumentFrame({ title, html }: { title: string; html: string }) {
  return <iframe className="ui-document-frame" title={title} sandbox="" srcDoc={html} />
}
