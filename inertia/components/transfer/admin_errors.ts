import { ApiError } from '~/components/shared/api'

/**
 * What went wrong with a request, by field: a 422's field errors under their
 * field names, anything else under `form`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.status === 422 && Array.isArray(error.body.errors)) {
    const found: Record<string, string> = {}
    for (const entry of error.body.errors as { field: string; message: string }[]) {
      // Array items report as value.0, value.1…: the editor shows them on the field.
      const field = entry.field.split('.')[0]
      found[field] ??= entry.message
    }
    return found
  }
  return { form: error instanceof Error ? error.message : 'Something went wrong' }
}
