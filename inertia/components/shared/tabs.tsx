/**
 * Buttons that switch a page between sections. Pages keep the chosen tab in
 * the address (?tab=…, an Inertia visit), so a reload or a shared address
 * opens the same one.
 */
export function Tabs<K extends string>(props: {
  label: string
  tabs: { key: K; label: string }[]
  current: K
  onChange: (key: K) => void
}) {
  return (
    <div className="sc-tabs" role="tablist" aria-label={props.label}>
      {props.tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === props.current}
          className={tab.key === props.current ? 'sc-tab sc-tab-current' : 'sc-tab'}
          onClick={() => props.onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
