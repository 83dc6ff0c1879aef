import type { Kernel } from '@adonisjs/core/ace'

/**
 * The exit codes every command keeps, so scripts can tell the cases apart:
 * 0 done; 1 refused (bad input, not found, not allowed), with one line saying
 * why; 2 wrong usage (an unknown command or flag, a missing argument).
 */
export const EXIT = { done: 0, refused: 1, usage: 2 } as const

/** The parser's and kernel's errors for a command line that is wrong in itself. */
const USAGE_ERROR_CODES = new Set([
  'E_COMMAND_NOT_FOUND',
  'E_MISSING_ARG',
  'E_MISSING_ARG_VALUE',
  'E_MISSING_FLAG',
  'E_MISSING_FLAG_VALUE',
  'E_INVALID_FLAG',
  'E_UNKNOWN_FLAG',
  'E_MISSING_COMMAND_NAME',
])

export function isUsageError(error: unknown) {
  return USAGE_ERROR_CODES.has(String((error as { code?: unknown })?.code))
}

/**
 * Keeps Ace's own handler (it prints the message) and makes a usage error
 * exit with 2 instead of the kernel's 1.
 */
export function exitWithTwoOnWrongUsage(kernel: Kernel) {
  const printing = kernel.errorHandler
  kernel.errorHandler = {
    async render(error: unknown, current: Kernel) {
      await printing.render(error, current)
      if (isUsageError(error)) {
        current.exitCode = EXIT.usage
      }
    },
  }
}
