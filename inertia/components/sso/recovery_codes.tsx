import { useState } from 'react'
import { usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { Button } from '~/components/shared/ui/button'
import '~/components/sso/account.css'

/** The text of the downloaded file: where the codes belong, when they were made, one a line. */
function codesFile(title: string, codes: string[]) {
  return [
    `${title}: two-factor recovery codes`,
    `Made ${new Date().toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}.`,
    'Each code works once, when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n')
}

/**
 * Fresh recovery codes, shown once: the person copies, downloads or prints
 * them, and says they have saved them before the page moves on.
 */
export function RecoveryCodes(props: { codes: string[]; onSaved: () => void }) {
  const { app } = usePage<Data.SharedProps>().props
  const [done, setDone] = useState<string | null>(null)

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.codes.join('\n'))
      setDone('Copied to the clipboard.')
    } catch {
      setDone('Copying is not allowed here: select the codes and copy them, or download them.')
    }
  }

  function download() {
    const url = URL.createObjectURL(
      new Blob([codesFile(app.title, props.codes)], { type: 'text/plain;charset=utf-8' })
    )
    const link = document.createElement('a')
    link.href = url
    link.download = 'recovery-codes.txt'
    document.body.append(link)
    link.click()
    link.remove()
    // Some browsers read the file only after this task: let go of it on the next one.
    setTimeout(() => URL.revokeObjectURL(url))
    setDone('Downloaded as recovery-codes.txt.')
  }

  return (
    <div className="recovery" role="region" aria-labelledby="recovery-heading">
      <h3 id="recovery-heading">Save your recovery codes</h3>
      <p>
        Each code works once, to sign in when you cannot use your phone. Keep them somewhere safe,
        such as a password manager: they will not be shown again.
      </p>
      <ul className="codes" aria-label="Recovery codes">
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="ui-cluster recovery-actions">
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download (.txt)
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <p className="ui-muted" role="status">
        {done}
      </p>
      <div className="ui-cluster">
        <Button onClick={props.onSaved}>I have saved them</Button>
      </div>
    </div>
  )
}
