import { randomInt } from 'node:crypto'

/**
 * The fixed list of 80 short, common English words share passwords are made
 * of (spec 2: four words from a list of 80). Easy to read aloud and type on a
 * phone; four picks give 80^4 ≈ 41 million combinations, which the per-IP and
 * per-share limits on wrong guesses keep out of reach.
 */
export const PASSWORD_WORDS = `
  apple river stone cloud tiger maple ocean pepper
  candle forest garden silver orange rocket pillow window
  basket butter meadow planet summer winter autumn spring
  yellow purple green violet copper marble anchor bridge
  castle dragon falcon harbor island jungle lemon mango
  nickel olive parrot quartz rabbit saddle tomato velvet
  walnut zebra banjo cactus dolphin engine feather guitar
  hammer igloo jacket kettle ladder magnet needle pencil
  puzzle ribbon sunset tunnel unicorn valley wagon yogurt
  bamboo cherry donkey eagle fossil glacier honey lantern
`
  .trim()
  .split(/\s+/)

const WORDS_PER_PASSWORD = 4

/** Four words picked with a cryptographic random source, joined with no separator. */
export function generatePassword() {
  return Array.from(
    { length: WORDS_PER_PASSWORD },
    () => PASSWORD_WORDS[randomInt(PASSWORD_WORDS.length)]
  ).join('')
}
