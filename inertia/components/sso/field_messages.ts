import { ApiError } from '~/components/shared/api'

/** Field messages of a 422 answer, keyed by field; anything else under `form`. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (error instanceof ApiError && Array.isArray(error.body.errors)) {
    const messages: Record<string, string> = {}
    for (const entry of error.body.errors as { field: string; message: string }[]) {
      messages[entry.field] ??= entry.message
    }
    return messages
  }
  return { form: error instanceof Error ? error.message : 'Something went wrong.' }
}
