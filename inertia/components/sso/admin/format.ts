/** Dates as the admin's browser writes them; a dash for never. */
export function when(iso: string | null) {
  return iso ? new Date(iso).toLocaleString() : '—'
}
