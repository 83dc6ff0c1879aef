import { useId, useState, type KeyboardEvent } from 'react'
import { Popover } from 'radix-ui'
import { DayPicker } from 'react-day-picker'
import 'react-day-picker/style.css'
import { useFieldControl } from './field'
import { CalendarIcon } from './icons'

type DatePart = 'day' | 'month' | 'year'

/** The person's numeric date layout (24/11/2026, 11/24/2026, 24.11.2026…). */
function numericDateFormat() {
  return new Intl.DateTimeFormat(undefined, { day: '2-digit', month: '2-digit', year: 'numeric' })
}

function fromIso(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) {
    return undefined
  }
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
}

function toIso(date: Date): string {
  const pad = (part: number) => String(part).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

function displayed(value: string): string {
  const date = fromIso(value)
  return date ? numericDateFormat().format(date) : ''
}

/**
 * A day's name in the person's language ("Tuesday 15 December 2026"), with
 * its day number as a word, so the name contains the "15" the button shows.
 */
function dayButtonLabel(date: Date, modifiers: { today?: boolean; selected?: boolean }) {
  const day = new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date)
  return `${modifiers.today ? 'Today, ' : ''}${day}${modifiers.selected ? ', selected' : ''}`
}

/** "dd/mm/yyyy" in the person's order and separators, as the field's placeholder. */
function placeholderPattern(): string {
  const words: Record<string, string> = { day: 'dd', month: 'mm', year: 'yyyy' }
  return numericDateFormat()
    .formatToParts(new Date(2026, 10, 24))
    .map((part) => words[part.type] ?? part.value)
    .join('')
}

/**
 * What was typed, as 'YYYY-MM-DD': either ISO or three numbers in the
 * person's own order (any separators). Null when it is not a real date.
 */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim()
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed)
  const numbers = trimmed.split(/\D+/).filter(Boolean).map(Number)
  let year: number
  let month: number
  let day: number
  if (iso) {
    ;[year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  } else if (numbers.length === 3) {
    const order = numericDateFormat()
      .formatToParts(new Date(2026, 10, 24))
      .map((part) => part.type)
      .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year')
    const at = (part: DatePart) => numbers[order.indexOf(part)]
    ;[year, month, day] = [at('year'), at('month'), at('day')]
    if (year < 100) {
      year += 2000
    }
  } else {
    return null
  }
  const date = new Date(year, month - 1, day)
  const real =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
  return real ? toIso(date) : null
}

export type DatePickerProps = {
  /** 'YYYY-MM-DD', or '' for none. */
  'value': string
  'onChange': (value: string) => void
  'name'?: string
  'disabled'?: boolean
  'aria-label'?: string
}

/**
 * A date: typed in the person's own layout (or as YYYY-MM-DD), or picked from
 * a calendar (react-day-picker in a Radix Popover, which returns focus to the
 * calendar button when it closes).
 */
export function DatePicker({ value, onChange, name, disabled, ...aria }: DatePickerProps) {
  const field = useFieldControl()
  const ownId = useId()
  const [text, setText] = useState(() => displayed(value))
  const [unreadable, setUnreadable] = useState(false)
  const [open, setOpen] = useState(false)
  const problemId = `${ownId}-problem`

  // A value changed from outside (a reset, the calendar) shows in the field.
  const [shownValue, setShownValue] = useState(value)
  if (shownValue !== value) {
    setShownValue(value)
    setText(displayed(value))
    setUnreadable(false)
  }

  function commit() {
    if (text.trim() === '') {
      setUnreadable(false)
      if (value !== '') {
        onChange('')
      }
      return
    }
    const parsed = parseTypedDate(text)
    setUnreadable(parsed === null)
    if (parsed !== null) {
      setText(displayed(parsed))
      if (parsed !== value) {
        onChange(parsed)
      }
    }
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      commit()
    }
  }

  const describedBy =
    [unreadable ? problemId : null, field?.describedBy].filter(Boolean).join(' ') || undefined
  const selected = fromIso(value)
  const pattern = placeholderPattern()
  return (
    <div className="ui-date-picker">
      <div className="ui-input-group">
        <input
          className="ui-input"
          id={field?.id}
          name={name}
          value={text}
          placeholder={pattern}
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          aria-label={aria['aria-label']}
          aria-describedby={describedBy}
          aria-invalid={unreadable || field?.invalid || undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={keyDown}
        />
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button
              type="button"
              className="ui-input-addon-button"
              disabled={disabled}
              aria-label={selected ? `Choose date, ${displayed(value)} chosen` : 'Choose date'}
            >
              <CalendarIcon size={18} />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className="ui-popover ui-date-calendar" align="end" sideOffset={4}>
              <DayPicker
                mode="single"
                selected={selected}
                defaultMonth={selected}
                autoFocus
                labels={{ labelDayButton: dayButtonLabel }}
                onSelect={(date) => {
                  onChange(date ? toIso(date) : '')
                  setOpen(false)
                }}
              />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      {unreadable && (
        <p id={problemId} className="ui-field-error">
          Type a date like {pattern.replace('dd', '24').replace('mm', '11').replace('yyyy', '2026')}
        </p>
      )}
    </div>
  )
}
