/** The CSRF token as a hidden field, for plain HTML form posts. */
export function CsrfField() {
  const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
  return <input type="hidden" name="_csrf" value={token} />
}
