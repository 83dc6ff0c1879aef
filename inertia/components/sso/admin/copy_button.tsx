import { useState } from 'react'
import { Button } from '~/components/shared/ui/button'

/** Copies `value` to the clipboard and says so for a moment. */
export function CopyButton(props: { value: string; label?: string }) {
  const [copied, setCopied] = useState<boolean | null>(null)
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.value)
      setCopied(true)
    } catch {
      setCopied(false)
    }
    setTimeout(() => setCopied(null), 2500)
  }
  return (
    <Button variant="secondary" size="small" onClick={copy}>
      {copied === true
        ? 'Copied'
        : copied === false
          ? 'Copy failed: select it'
          : (props.label ?? 'Copy')}
    </Button>
  )
}
