import { Avatar as RadixAvatar } from 'radix-ui'
import { classNames } from './class_names'

/** "Ada Lovelace" → "AL"; one name → its first letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) {
    return '?'
  }
  const letters = words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]]
  return letters.map((word) => Array.from(word)[0]!.toLocaleUpperCase()).join('')
}

/**
 * A person's picture, or their initials while it loads or when there is
 * none (Radix Avatar). The name is said by the text beside it, so the avatar
 * itself is decoration unless `labelled`.
 */
export function Avatar({
  name,
  imageUrl,
  size = 'regular',
  labelled = false,
}: {
  name: string
  imageUrl?: string | null
  size?: 'small' | 'regular' | 'large'
  labelled?: boolean
}) {
  return (
    <RadixAvatar.Root
      className={classNames('ui-avatar', `ui-avatar-${size}`)}
      {...(labelled ? { 'role': 'img', 'aria-label': name } : { 'aria-hidden': true })}
    >
      {imageUrl && <RadixAvatar.Image className="ui-avatar-image" src={imageUrl} alt="" />}
      <RadixAvatar.Fallback className="ui-avatar-initials" delayMs={imageUrl ? 300 : 0}>
        {initials(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  )
}
