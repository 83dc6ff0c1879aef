/** Black or white, whichever reads better on the given '#rrggbb' background. */
export function readableTextColor(background: string | null | undefined) {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background ?? '')
  if (!match) {
    return '#1c1917'
  }
  const luminance = relativeLuminance(match)
  return luminance > 0.4 ? '#1c1917' : '#ffffff'
}

/**
 * Black or white, whichever contrasts more with the given '#rrggbb'
 * background: pure black and white keep every background at 4.5:1 or more
 * (WCAG AA for small text), which near-black would not for mid tones.
 */
export function contrastingText(background: string) {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background)
  if (!match) {
    return '#000000'
  }
  const luminance = relativeLuminance(match)
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000'
}

/** WCAG's relative luminance of the colour whose hex channels `match` holds. */
function relativeLuminance(match: RegExpExecArray) {
  const [red, green, blue] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}
