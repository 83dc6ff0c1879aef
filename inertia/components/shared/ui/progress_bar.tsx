import { useId } from 'react'
import { Progress } from 'radix-ui'
import { classNames } from './class_names'

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 })

/**
 * How far a long operation is (Radix Progress). `value` from 0 to `max`, or
 * null while the end is not known (indeterminate).
 */
export function ProgressBar({
  label,
  value,
  max = 100,
  detail,
}: {
  label: string
  value: number | null
  max?: number
  /** Beside the percentage: "1.2 GB of 3 GB", "about 2 minutes left". */
  detail?: string
}) {
  const labelId = useId()
  const fraction = value === null ? null : Math.min(Math.max(value / max, 0), 1)
  return (
    <div className="ui-progress">
      <div className="ui-progress-label">
        <span id={labelId}>{label}</span>
        <span className="ui-progress-value">
          {[fraction === null ? null : percent.format(fraction), detail]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <Progress.Root
        className={classNames('ui-progress-track', fraction === null && 'is-indeterminate')}
        value={value}
        max={max}
        aria-labelledby={labelId}
      >
        <Progress.Indicator
          className="ui-progress-indicator"
          style={
            fraction === null ? undefined : { transform: `translateX(-${100 - fraction * 100}%)` }
          }
        />
      </Progress.Root>
    </div>
  )
}
