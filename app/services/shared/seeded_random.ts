/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same
 * sequence on every run, so generated data (the benchmark's year, the demo
 * company) comes out identical each time. Not for anything secret.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    /** A number in [0, 1). */
    next,
    /** An integer from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    /** One of `choices`, each with its weight. */
    weighted: <T>(choices: readonly [T, number][]) => {
      let roll = next() * choices.reduce((sum, [, weight]) => sum + weight, 0)
      for (const [choice, weight] of choices) {
        roll -= weight
        if (roll < 0) return choice
      }
      return choices[choices.length - 1][0]
    },
    /** A copy of `items` in a shuffled order (Fisher–Yates). */
    shuffled: <T>(items: readonly T[]) => {
      const copy = [...items]
      for (let index = copy.length - 1; index > 0; index--) {
        const other = Math.floor(next() * (index + 1))
        ;[copy[index], copy[other]] = [copy[other], copy[index]]
      }
      return copy
    },
  }
}

export type SeededRandom = ReturnType<typeof seededRandom>
