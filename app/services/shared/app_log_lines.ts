/*
 * A production server logs one JSON object per line (pino), for a log
 * collector. The launcher shows a person the time, level and message, and an
 * error's stack, as `npm run dev`'s pretty logs do.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}

/** The lines to show for one line a server printed (itself when it is not a log entry). */
export function readableLogLines(line: string): string[] {
  if (!line.startsWith('{')) {
    return [line]
  }
  let entry: { level?: unknown; time?: unknown; msg?: unknown; err?: { stack?: unknown } }
  try {
    entry = JSON.parse(line)
  } catch {
    return [line]
  }
  if (typeof entry.msg !== 'string' || typeof entry.level !== 'number') {
    return [line]
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : ''
  const head = `${time} ${LEVELS[entry.level] ?? entry.level} ${entry.msg}`.trim()
  const stack = entry.err?.stack
  return typeof stack === 'string' ? [head, ...stack.split('\n')] : [head]
}
