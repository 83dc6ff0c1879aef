import { useAutoSave, useAutoSaves, type SaveStatus } from './use_auto_save'
import { errorMessage } from './api'

/** A field of schedule's pages that saves itself; refusals read as the API's message. */
export function useFieldSave<V>(
  stored: V,
  send: (value: V) => Promise<unknown>,
  same?: (a: V, b: V) => boolean
) {
  return useAutoSave({ stored, send, same, describeError: (error) => errorMessage(error) })
}

/** One such field per key (the rows of a list); refusals read as the API's message. */
export function useFieldSaves<V>(send: (key: string, value: V) => Promise<unknown>) {
  return useAutoSaves({ send, describeError: (error) => errorMessage(error) })
}

/** Text fields: what differs only in surrounding spaces is the same value (the API trims). */
export function sameText(a: string, b: string) {
  return a.trim() === b.trim()
}

/** The attributes that tie a field to its refusal, so a screen reader reads it with the field. */
export function describedBy(status: SaveStatus, errorId: string) {
  return status.state === 'failed'
    ? { 'aria-invalid': true, 'aria-describedby': errorId }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined }
}

/**
 * One status for several fields saved on their own (a row): any refusal
 * first, then "Saving…" while any is on its way, and "Saved" only when none
 * is left unsaved.
 */
export function combinedStatus(statuses: SaveStatus[]): SaveStatus {
  const failed = statuses.find((status) => status.state === 'failed')
  if (failed) {
    return failed
  }
  if (statuses.some((status) => status.state === 'saving')) {
    return { state: 'saving' }
  }
  if (statuses.some((status) => status.state === 'saved')) {
    return { state: 'saved' }
  }
  return { state: 'idle' }
}
