/** Black or white, whichever reads better on the given '#rrggbb' background. */
export function readableTextColor(background: string | null | undefined) {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background ?? '')
  if (!match) {
    return '#1c1917'
  }
  const [red, green, blue] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
  return luminance > 0.4 ? '#1c1917' : '#ffffff'
}
