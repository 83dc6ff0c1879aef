import { usePage } from '@inertiajs/react'
import { formatDay } from '~/components/shared/dates'

/**
 * A project share link's call sheets, one PDF per day, as the recipient
 * may see them (contact details only of the people marked public).
 */
export function SharedCallSheets({ days }: { days: string[] }) {
  // The page's own address is the link: /share/<token>.
  const token = usePage().url.split('?')[0].split('/').pop()
  return (
    <section className="ui-panel" aria-labelledby="share-call-sheets">
      <h2 id="share-call-sheets">Call sheets</h2>
      <ul className="ui-link-list">
        {days.map((day, index) => (
          <li key={day}>
            <a
              className="ui-link-list-link"
              href={`/api/share/${token}/call-sheets/${day}/pdf`}
              download
            >
              Day {index + 1} · {formatDay(day)} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
