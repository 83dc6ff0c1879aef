import { useState } from 'react'
import { SegmentedControl } from '~/components/shared/ui/segmented_control'

/** The gallery's example of a segmented control: how a calendar's days are shown. */
export function GallerySegmented() {
  const [view, setView] = useState('week')
  return (
    <section className="ui-panel" aria-labelledby="segmented-title">
      <h2 id="segmented-title">Segmented control</h2>
      <p className="ui-muted">
        One of a few ways to show the same content, side by side. Arrow keys move between them.
      </p>
      <SegmentedControl
        label="View"
        value={view}
        onValueChange={setView}
        options={[
          { value: 'month', label: 'Month' },
          { value: 'week', label: 'Week' },
          { value: 'day', label: 'Day' },
        ]}
      />
      <p className="ui-muted">Showing the {view}.</p>
    </section>
  )
}
