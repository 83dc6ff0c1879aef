import limiter from '@adonisjs/limiter/services/main'

/*
 * Wrong share passwords are limited twice: per network address (one guesser
 * trying many shares) and per share (many addresses trying one share). Only
 * wrong guesses count, and a right one resets nothing, so a recipient's
 * download never clears an attacker's tally. Once a limit is reached every
 * attempt waits, right or wrong, until the window ends.
 */
export const WRONG_PASSWORDS_PER_IP = 10
export const WRONG_PASSWORDS_PER_SHARE = 20
const WINDOW = '15 mins'

export class SharePasswordGuard {
  protected perIp() {
    return limiter.use({ requests: WRONG_PASSWORDS_PER_IP, duration: WINDOW })
  }

  protected perShare() {
    return limiter.use({ requests: WRONG_PASSWORDS_PER_SHARE, duration: WINDOW })
  }

  /** Seconds until guessing may resume, or 0 when it may go on now. */
  async waitBeforeGuessing(ip: string, shareId: string) {
    const [ipWait, shareWait] = await Promise.all([
      this.blockedFor(this.perIp(), `share_password_ip_${ip}`),
      this.blockedFor(this.perShare(), `share_password_share_${shareId}`),
    ])
    return Math.max(ipWait, shareWait)
  }

  async recordWrongGuess(ip: string, shareId: string) {
    await Promise.all([
      this.perIp().increment(`share_password_ip_${ip}`),
      this.perShare().increment(`share_password_share_${shareId}`),
    ])
  }

  protected async blockedFor(bucket: ReturnType<typeof limiter.use>, key: string) {
    const state = await bucket.get(key)
    if (!state || state.remaining > 0) {
      return 0
    }
    return Math.max(1, state.availableIn)
  }
}
