import { useState } from 'react'
import { usePage } from '@inertiajs/react'
import { useApi } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import { AppShell } from '~/components/shared/ui/app_shell'
import { Button } from '~/components/shared/ui/button'
import { FactList } from '~/components/shared/ui/fact_list'
import { Field, Textarea } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SegmentedControl } from '~/components/shared/ui/segmented_control'

type Answer = 'available' | 'unavailable' | 'maybe'

type AnswerProps = {
  request: {
    project: string | null
    subject: string
    dates: string | null
    callTime: string | null
    location: string | null
    answersCloseAt: string
    name: string | null
    answer: Answer | null
    note: string | null
  } | null
  /** unknown: no such link; expired: answers are closed. */
  gone: 'unknown' | 'expired' | null
}

const CHOICES = [
  { value: 'available', label: 'Available' },
  { value: 'unavailable', label: 'Not available' },
  { value: 'maybe', label: 'Maybe' },
]
const SAID: Record<Answer, string> = {
  available: 'available',
  unavailable: 'not available',
  maybe: 'maybe',
}

/** The page a recipient's personal answer link opens: phone first, no account. */
export default function AnswerPage({ request, gone }: AnswerProps) {
  const token = usePage().url.split('?')[0].split('/').pop()
  const save = useApi()
  const [answer, setAnswer] = useState<Answer | null>(request?.answer ?? null)
  const [choice, setChoice] = useState<Answer>(request?.answer ?? 'available')
  const [note, setNote] = useState(request?.note ?? '')
  const title = request?.project ?? request?.subject ?? 'Availability'

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const saved = await save.send<{ answer: Answer }>('POST', `/answer/${token}`, {
      answer: choice,
      note: note.trim() || null,
    })
    if (saved) {
      setAnswer(saved.answer)
    }
  }

  return (
    <AppShell title={title} appName="Schedule" width="narrow">
      <div className="ui-stack">
        <PageHeader title={title} description={request?.name ? `For ${request.name}` : undefined} />
        {gone === 'unknown' && (
          <Notice tone="warning" title="This link does not work">
            Check that the whole link was copied, or ask the production office for a new one.
          </Notice>
        )}
        {gone === 'expired' && (
          <Notice tone="warning" title="Answers are closed">
            This request closed on {formatTimestamp(request!.answersCloseAt)}. Contact the
            production office if your availability changed.
          </Notice>
        )}
        {request && (
          <FactList
            facts={[
              request.dates && { label: 'Dates', value: request.dates },
              request.callTime && { label: 'Call time', value: request.callTime },
              request.location && { label: 'Location', value: request.location },
            ]}
          />
        )}
        {request && !gone && (
          <form className="ui-stack" onSubmit={submit}>
            {answer && (
              <Notice tone="success" title="Thanks, your answer is saved">
                You said {SAID[answer]}. You can change it until{' '}
                {formatTimestamp(request.answersCloseAt)}.
              </Notice>
            )}
            <SegmentedControl
              label="Are you available?"
              value={choice}
              onValueChange={(value) => setChoice(value as Answer)}
              options={CHOICES}
            />
            <Field label="Note (optional)" hint="Anything the office should know">
              <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
            </Field>
            {save.errorText && <Notice tone="danger">{save.errorText}</Notice>}
            <Button type="submit" disabled={save.pending}>
              {answer ? 'Change my answer' : 'Send my answer'}
            </Button>
          </form>
        )}
      </div>
    </AppShell>
  )
}
