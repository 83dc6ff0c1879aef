import { useState } from 'react'
import { usePage } from '@inertiajs/react'
import { Button } from '~/components/shared/ui/button'
import { CallSheetPreview } from '~/components/schedule/production/call_sheet_preview'
import { shootDayLabel } from '~/components/schedule/production/shoot_days'

/**
 * A project share link's call sheets: each day's read in the page or as a
 * PDF, as the recipient may see them (contact details only of the people
 * and contacts marked public).
 */
export function SharedCallSheets({ days }: { days: string[] }) {
  // The page's own address is the link: /share/<token>.
  const token = usePage().url.split('?')[0].split('/').pop()
  const [open, setOpen] = useState<string | null>(null)
  const base = `/api/share/${token}/call-sheets`
  return (
    <section className="ui-panel ui-stack" aria-labelledby="share-call-sheets">
      <h2 id="share-call-sheets">Call sheets</h2>
      <ul className="ui-link-list">
        {days.map((day, index) => (
          <li key={day} className="ui-cluster">
            <Button
              variant="secondary"
              size="small"
              aria-expanded={open === day}
              onClick={() => setOpen(open === day ? null : day)}
            >
              {open === day ? 'Hide' : 'Read'} {shootDayLabel(index, day)}
            </Button>
            <a className="ui-link-list-link" href={`${base}/${day}/pdf`} download>
              PDF of {shootDayLabel(index, day)}
            </a>
          </li>
        ))}
      </ul>
      {open && <CallSheetPreview url={`${base}/${open}`} pdfUrl={`${base}/${open}/pdf`} />}
    </section>
  )
}
