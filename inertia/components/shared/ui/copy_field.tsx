import { useEffect, useRef, useState } from 'react'
import { Button } from './button'
import { TextInput } from './field'

/**
 * A value to hand on (a share's link, a key): read-only, selected whole when
 * focused, with a Copy button beside it that says for a moment whether it
 * worked. Without a Field around it, `label` names the text box.
 */
export function CopyField({
  value,
  label,
  copyLabel = 'Copy',
}: {
  value: string
  label?: string
  copyLabel?: string
}) {
  const [copied, setCopied] = useState<boolean | null>(null)
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(reset.current), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      // No clipboard (an insecure page, a refused permission): the text is there to select.
      setCopied(false)
    }
    clearTimeout(reset.current)
    reset.current = setTimeout(() => setCopied(null), 2500)
  }

  return (
    <div className="ui-input-row">
      <TextInput
        readOnly
        value={value}
        aria-label={label}
        spellCheck={false}
        onFocus={(event) => event.target.select()}
      />
      <Button variant="secondary" onClick={copy}>
        {copied === true ? 'Copied' : copyLabel}
      </Button>
      <span className="ui-visually-hidden" role="status">
        {copied === true
          ? 'Copied to the clipboard'
          : copied === false
            ? 'Could not copy: select the text and copy it'
            : ''}
      </span>
    </div>
  )
}
