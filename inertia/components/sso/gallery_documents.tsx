import { useState } from 'react'
import { CopyField } from '~/components/shared/ui/copy_field'
import { DocumentFrame } from '~/components/shared/ui/document_frame'
import { Field, Textarea } from '~/components/shared/ui/field'

const EMAIL = (text: string) =>
  `<!doctype html><html lang="en"><head><title>Your files</title></head><body style="font-family: system-ui, sans-serif"><p>${text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')}</p></body></html>`

/**
 * The gallery's part for handing things on: a value with its Copy button,
 * and someone else's document (an email) beside the text that makes it, in
 * the two-pane split.
 */
export function GalleryDocuments() {
  const [text, setText] = useState('Dana sent you the rushes from day 2.')
  return (
    <section className="ui-panel" aria-labelledby="documents-title">
      <h2 id="documents-title">Copying and previews</h2>
      <h3>Copy field</h3>
      <Field
        label="Share link"
        hint="Read-only: focus selects it all, Copy puts it on the clipboard."
      >
        <CopyField value="https://files.example.com/s/3f9a7c1e" copyLabel="Copy link" />
      </Field>
      <h3>Split with a document frame</h3>
      <div className="ui-split">
        <Field label="Email text">
          <Textarea rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        </Field>
        <DocumentFrame title="Example email" html={EMAIL(text)} />
      </div>
    </section>
  )
}
