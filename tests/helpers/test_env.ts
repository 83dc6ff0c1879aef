import env from '#start/env'

/*
 * Sets one environment value for a test. `env.set(key, undefined)` leaves the
 * string 'undefined' in process.env, which env.get falls back to and which
 * every process the test run starts later would inherit (a stack for browser
 * tests with DEV_BYPASS_EMAIL=undefined signs every visitor in), so unsetting
 * also deletes the process variable.
 */
export function setEnvValue(key: string, value: unknown) {
  env.set(key as never, value as never)
  if (value === undefined) {
    delete process.env[key]
  }
}

/** Runs `callback` with these environment values, then puts the old ones back. */
export async function withEnv(
  values: Record<string, string | undefined>,
  callback: () => Promise<void>
) {
  const previous = Object.fromEntries(
    Object.keys(values).map((key) => [key, env.get(key as never)])
  )
  // A secret put back through env.set would leave "[redacted]" in process.env
  // (its string form) for every process started later: the text goes back too.
  const previousText = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]))
  for (const [key, value] of Object.entries(values)) {
    setEnvValue(key, value)
  }
  try {
    await callback()
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      setEnvValue(key, value)
      if (previousText[key] !== undefined) {
        process.env[key] = previousText[key]
      }
    }
  }
}
