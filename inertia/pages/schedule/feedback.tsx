import { useState } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import { formatBytes } from '~/components/shared/format'
import { Badge, type BadgeTone } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { FactList } from '~/components/shared/ui/fact_list'
import { Field, Textarea } from '~/components/shared/ui/field'
import { PageHeader } from '~/components/shared/ui/page_header'
import { Select } from '~/components/shared/ui/select'
import { useToast } from '~/components/shared/ui/toast'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'

type Feedback = Data.Schedule.Feedback

const CATEGORIES: Record<Feedback['category'], { label: string; tone: BadgeTone }> = {
  bug: { label: 'Bug', tone: 'danger' },
  idea: { label: 'Idea', tone: 'accent' },
  question: { label: 'Question', tone: 'info' },
  other: { label: 'Other', tone: 'neutral' },
}

const STATUSES: { value: Feedback['status']; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'done', label: 'Done' },
  { value: 'wont_fix', label: "Won't fix" },
]

/** For admins: what people sent with "Send feedback", to triage. */
export default function FeedbackPage(props: { user: SessionUser; feedback: Feedback[] }) {
  const [items, setItems] = useState(props.feedback)
  return (
    <ScheduleShell user={props.user} title="Feedback" width="regular">
      <PageHeader
        title="Feedback"
        description="What people sent from “Send feedback” in their menu, newest first. Set where each one stands and keep notes for the other admins."
      />
      {items.length === 0 ? (
        <EmptyState
          title="No feedback yet"
          description="Anyone signed in can send some from the menu under their name."
        />
      ) : (
        <ul className="ui-stack sc-feedback-list" aria-label="Feedback">
          {items.map((item) => (
            <FeedbackItem
              key={item.id}
              item={item}
              onChange={(changed) =>
                setItems((current) =>
                  current.map((other) => (other.id === changed.id ? changed : other))
                )
              }
              onRemoved={() =>
                setItems((current) => current.filter((other) => other.id !== item.id))
              }
            />
          ))}
        </ul>
      )}
    </ScheduleShell>
  )
}

function FeedbackItem(props: {
  item: Feedback
  onChange: (item: Feedback) => void
  onRemoved: () => void
}) {
  const { item } = props
  const toast = useToast()
  const [notes, setNotes] = useState(item.adminNotes ?? '')
  const [saving, setSaving] = useState(false)
  const headingId = `feedback-${item.id}-heading`

  async function save(changes: { status?: string; adminNotes?: string | null }) {
    setSaving(true)
    try {
      props.onChange(await api<Feedback>('PATCH', `/api/feedback/${item.id}`, changes))
      toast.success('Saved.')
    } catch (error) {
      toast.error(`Could not save: ${errorMessage(error)}`)
    } finally {
      setSaving(false)
    }
  }

  async function remove() {
    try {
      await api('DELETE', `/api/feedback/${item.id}`)
      props.onRemoved()
      toast.success('Feedback deleted.')
    } catch (error) {
      toast.error(`Could not delete: ${errorMessage(error)}`)
      throw error
    }
  }

  const card = item.taskboard
  return (
    <li id={`feedback-${item.id}`} className="ui-panel ui-stack" aria-labelledby={headingId}>
      <div className="sc-feedback-head">
        <h2 id={headingId} className="sc-feedback-title">
          {item.description.split('\n')[0]}
        </h2>
        <Badge tone={CATEGORIES[item.category].tone}>{CATEGORIES[item.category].label}</Badge>
      </div>
      <p className="sc-feedback-text">{item.description}</p>
      <FactList
        facts={[
          { label: 'From', value: `${item.user.name} (${item.user.email})` },
          { label: 'Sent', value: formatTimestamp(item.createdAt) },
          item.pageUrl && {
            label: 'Page',
            value: (
              <a href={item.pageUrl} className="sc-feedback-url">
                {item.pageUrl}
              </a>
            ),
          },
          (card.sentAt || card.error) && {
            label: 'Taskboard',
            value: card.sentAt
              ? `Card sent ${formatTimestamp(card.sentAt)}`
              : `Not sent yet (${card.attempts} ${card.attempts === 1 ? 'attempt' : 'attempts'}): ${card.error}`,
          },
        ]}
      />
      {item.screenshot && (
        <figure className="sc-feedback-shot">
          <a href={item.screenshot.url} target="_blank" rel="noreferrer">
            <img
              src={item.screenshot.url}
              width={item.screenshot.width}
              height={item.screenshot.height}
              alt="Screenshot sent with this feedback"
              loading="lazy"
            />
          </a>
          <figcaption className="ui-muted">
            {item.screenshot.width} × {item.screenshot.height} px,{' '}
            {formatBytes(item.screenshot.size)}: open it full size
          </figcaption>
        </figure>
      )}
      <Field label="Status">
        <Select
          value={item.status}
          onValueChange={(status) => void save({ status })}
          options={STATUSES}
          disabled={saving}
        />
      </Field>
      <Field label="Admin notes" hint="Only admins see these.">
        <Textarea
          rows={3}
          maxLength={5000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </Field>
      <div className="ui-actions">
        <Button
          variant="secondary"
          loading={saving}
          disabled={notes === (item.adminNotes ?? '')}
          onClick={() => void save({ adminNotes: notes.trim() || null })}
        >
          Save notes
        </Button>
        <ConfirmDialog
          trigger={<Button variant="danger">Delete…</Button>}
          title="Delete this feedback?"
          description="It is removed for good, with its screenshot; a taskboard card's screenshot link stops working."
          confirmLabel="Delete"
          onConfirm={remove}
        />
      </div>
    </li>
  )
}
