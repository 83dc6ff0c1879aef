/**
 * An ILIKE pattern finding `text` anywhere, with the pattern characters
 * escaped: "50%" finds "50%", not everything.
 */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}
