import { useState } from 'react'

/**
 * Buttons that switch a page between sections. The chosen tab is kept in the
 * address (?tab=…), so a reload or a shared address opens the same one.
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

function readParam(name: string) {
  return typeof window === 'undefined' ? null : new URL(window.location.href).searchParams.get(name)
}

/** A piece of page state mirrored in one query parameter (replaced, not pushed). */
export function useQueryParam<V extends string>(
  name: string,
  fallback: V,
  allowed?: readonly V[]
): [V, (value: V | null) => void] {
  const [value, setValue] = useState<V>(() => {
    const found = readParam(name) as V | null
    return found !== null && (!allowed || allowed.includes(found)) ? found : fallback
  })
  function update(next: V | null) {
    const url = new URL(window.location.href)
    if (next === null || next === fallback) {
      url.searchParams.delete(name)
    } else {
      url.searchParams.set(name, next)
    }
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    setValue(next ?? fallback)
  }
  return [value, update]
}
