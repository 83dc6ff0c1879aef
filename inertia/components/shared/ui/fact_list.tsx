import type { ReactNode } from 'react'

export type Fact = {
  label: string
  value: ReactNode
  /** Announce changes of the value ("Downloads left" after a download). */
  live?: boolean
}

/**
 * A few labelled values about one thing (size, available until, downloads
 * left): a description list, label beside the value where there is room and
 * above it on a phone. Facts without a value are left out.
 */
export function FactList({ facts }: { facts: (Fact | false | null | undefined | '')[] }) {
  return (
    <dl className="ui-facts">
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact) => (
          <div key={fact.label} className="ui-fact">
            <dt>{fact.label}</dt>
            <dd aria-live={fact.live ? 'polite' : undefined}>{fact.value}</dd>
          </div>
        ))}
    </dl>
  )
}
