/** The placeholders a message or template may use, each filled per recipient. */
export const PLACEHOLDERS = [
  'firstName',
  'project',
  'dates',
  'callTime',
  'location',
  'answerLink',
] as const
export type Placeholder = (typeof PLACEHOLDERS)[number]
export type PlaceholderValues = Record<Placeholder, string>

/**
 * Fills `{firstName}` and the others. A placeholder without a value becomes
 * empty rather than staying in braces in front of a crew member; an unknown
 * one (a typo) is left as written, so the preview shows it.
 */
export function fillPlaceholders(text: string, values: Partial<PlaceholderValues>) {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as Placeholder] ?? '') : whole
  )
}

/** Placeholders in braces that are not ours: shown as warnings while composing. */
export function unknownPlaceholders(text: string) {
  return [...text.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name))
}

/** "Ana María López" → "Ana": what `{firstName}` shows. */
export function firstNameOf(name: string) {
  return name.trim().split(/\s+/)[0] ?? ''
}

/**
 * What a message is called on staff pages: its subject filled in, or,
 * when the subject is personal ({firstName}, {answerLink}), a neutral title
 * naming its project, so no page shows a placeholder in braces.
 */
export function messageHeadline(subject: string, values: Partial<PlaceholderValues>) {
  if (/\{(firstName|answerLink)\}/.test(subject)) {
    return `Availability request${values.project ? `: ${values.project}` : ''}`
  }
  return fillPlaceholders(subject, values)
}
