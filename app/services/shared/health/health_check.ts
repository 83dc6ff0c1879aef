/**
 * One thing GET /readyz checks. `run` resolves with null when the check
 * passes, or with why it fails in a few words an operator can act on and a
 * stranger may read: never a connection string, a path of the server or a
 * stack trace. A check may add figures (free bytes) either way. What it
 * throws is reported by the error's code alone (see `errorName`).
 */
export interface HealthCheck {
  readonly name: string
  run(): Promise<CheckOutcome>
}

export type CheckOutcome =
  null | string | { problem: string | null; details: Record<string, number> }

/**
 * An error's code (ENOTDIR, ECONNREFUSED, PostgreSQL's SQLSTATE) or an
 * object store's error name (NoSuchBucket), looked for along its causes.
 * Messages are left out: they carry host names, paths and URLs.
 */
export function errorName(error: unknown): string {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^(E[A-Z]+|[0-9A-Z]{5})$/.test(code)) return code
    if (/^[A-Z]\w+$/.test(current.name) && !/^(\w*Error|\w*Exception)$/.test(current.name)) {
      return current.name
    }
    current = current.cause
  }
  return 'unknown error'
}
