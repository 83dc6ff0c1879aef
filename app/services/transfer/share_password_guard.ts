import limiter from '@adonisjs/limiter/services/main'

/*
 * Wrong share passwords are limited per network address: 10 wrong guesses in
 * 15 minutes, over all shares, block that address (one guesser trying one
 * share or many). There is no share-wide count: it let a stranger lock the
 * real recipient, on another address, out of the share. Only wrong guesses
 * count and a right one resets nothing, so a recipient's download never
 * clears an attacker's tally. Once the limit is reached every attempt from
 * the address waits, right or wrong, until the window ends.
 */
export const WRONG_PASSWORDS_PER_CLIENT = 10
const WINDOW = '15 mins'

export class SharePasswordGuard {
  protected perClient() {
    return limiter.use({ requests: WRONG_PASSWORDS_PER_CLIENT, duration: WINDOW })
  }

  /**
   * Checks a guess under the limit. The guess is counted before the check,
   * in the statement that reads the count, so a burst of concurrent guesses
   * cannot all see a count under the limit; a right guess gives its count
   * back. Answers the seconds to wait when refused.
   */
  async check(
    ip: string,
    guessMatches: () => Promise<boolean>
  ): Promise<{ retryAfter: number } | { matches: boolean }> {
    const bucket = this.perClient()
    const key = `share_password_ip_${ip}`
    const counted = await bucket.increment(key)
    if (counted.consumed > WRONG_PASSWORDS_PER_CLIENT) {
      return { retryAfter: Math.max(1, counted.availableIn) }
    }
    let matches: boolean
    try {
      matches = await guessMatches()
    } catch (error) {
      await bucket.decrement(key)
      throw error
    }
    if (matches) {
      await bucket.decrement(key)
    }
    return { matches }
  }
}
