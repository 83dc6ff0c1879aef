/** Joins the class names that are set: `classNames('ui-button', loading && 'is-loading')`. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}
