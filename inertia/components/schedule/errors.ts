import { ApiError } from '../shared/http'

/**
 * What went wrong with a request, by field: a 422's field errors under their
 * field names, anything else under `form`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.status === 422 && Array.isArray(error.body.errors)) {
    const found: Record<string, string> = {}
    for (const entry of error.body.errors as { field: string; message: string }[]) {
      found[entry.field.split('.')[0]] ??= entry.message
    }
    return found
  }
  return { form: errorMessage(error) }
}

/**
 * One sentence for a toast: the API's message, with the first field error of
 * a validation failure (the message alone, "Validation failed", says too little).
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) {
    const errors = error.body.errors
    if (error.status === 422 && Array.isArray(errors) && errors.length > 0) {
      return String((errors[0] as { message: string }).message)
    }
    return error.message
  }
  if (error instanceof TypeError) {
    return 'The server could not be reached. Check your connection and try again.'
  }
  return error instanceof Error ? error.message : fallback
}
