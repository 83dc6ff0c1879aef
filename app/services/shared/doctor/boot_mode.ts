/**
 * Whether this process boots for `node ace doctor`. Set by bin/console.ts
 * before the app boots; start/env.ts then records the settings it would
 * refuse to start with (`startupProblems`) instead of throwing, so the doctor
 * can report them with their fixes rather than die with a stack trace.
 */
export const bootMode = { doctor: false }
