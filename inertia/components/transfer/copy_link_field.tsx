import { useEffect, useRef, useState } from 'react'

/** A share's link, read-only and selected on focus, with a Copy link button. */
export function CopyLinkField(props: { url: string; label: string }) {
  const [copied, setCopied] = useState(false)
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(reset.current), [])

  async function copy() {
    await navigator.clipboard.writeText(props.url)
    setCopied(true)
    clearTimeout(reset.current)
    reset.current = setTimeout(() => setCopied(false), 2000)
  }

  return (
    <div className="tx-inline-field">
      <input
        className="tx-share-link"
        readOnly
        value={props.url}
        aria-label={props.label}
        onFocus={(event) => event.target.select()}
      />
      <button type="button" className="secondary" onClick={copy}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
    </div>
  )
}
