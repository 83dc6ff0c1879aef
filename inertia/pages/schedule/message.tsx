import { useEffect, useState } from 'react'
import type { Data } from '~generated/data'
import { api, useApi } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import { Badge, type BadgeTone } from '~/components/shared/ui/badge'
import { Button } from '~/components/shared/ui/button'
import { DataTable } from '~/components/shared/ui/data_table'
import { FactList } from '~/components/shared/ui/fact_list'
import { PageHeader } from '~/components/shared/ui/page_header'
import { Select } from '~/components/shared/ui/select'
import { useToast } from '~/components/shared/ui/toast'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'

type Message = Data.Schedule.Message
type Recipient = Data.Schedule.MessageRecipient

const TONES: Record<string, BadgeTone> = {
  queued: 'neutral',
  skipped: 'warning',
  sent: 'info',
  delivered: 'success',
  undelivered: 'danger',
  failed: 'danger',
  replied: 'accent',
  answered: 'success',
}
/** The table follows callbacks and answers as they come. */
const REFRESH_MS = 5000

type MessageProps = {
  user: SessionUser
  message: Message
  /** The message's subject filled in, or a neutral title when it is personal ({firstName}). */
  headline: string
  recipients: Recipient[]
}

/** One message's recipients, live: delivery, errors, replies and answers; resend to one. */
export default function MessagePage(props: MessageProps) {
  return (
    <ScheduleShell user={props.user} title={props.headline}>
      <MessageTracking {...props} />
    </ScheduleShell>
  )
}

/** Inside the shell, which provides the toasts. */
function MessageTracking(props: MessageProps) {
  const [recipients, setRecipients] = useState(props.recipients)
  const [shownId, setShownId] = useState(props.recipients[0]?.id)
  const shown = recipients.find((row) => row.id === shownId) ?? recipients[0]
  const resend = useApi()
  const toast = useToast()

  useEffect(() => {
    const timer = setInterval(async () => {
      const fresh = await api<{ recipients: Recipient[] }>(
        'GET',
        `/api/messages/${props.message.id}`
      ).catch(() => null)
      if (fresh) {
        setRecipients(fresh.recipients)
      }
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [props.message.id])

  async function resendTo(recipient: Recipient) {
    const updated = await resend.send<Recipient>(
      'POST',
      `/api/messages/${props.message.id}/recipients/${recipient.id}/resend`
    )
    if (updated) {
      setRecipients((rows) =>
        rows.map((row) => (row.id === updated.id ? { ...updated, copy: row.copy } : row))
      )
      toast.info(`Sending to ${recipient.name} again`)
    }
  }

  return (
    <>
      <PageHeader
        title={props.headline}
        description={`To ${recipients.length} ${recipients.length === 1 ? 'person' : 'people'}${props.message.createdBy ? `, from ${props.message.createdBy}` : ''}`}
      />
      <FactList
        facts={[
          { label: 'Status', value: props.message.status },
          { label: 'Send at', value: formatTimestamp(props.message.sendAt) },
          { label: 'Answers close', value: formatTimestamp(props.message.answersCloseAt) },
        ]}
      />
      {shown?.copy && (
        <section className="ui-stack" aria-labelledby="message-copy">
          <h2 id="message-copy">As sent</h2>
          {recipients.length > 1 && (
            <Select
              aria-label="Whose copy to show"
              value={String(shown.id)}
              onValueChange={(value) => setShownId(Number(value))}
              options={recipients.map((row) => ({ value: String(row.id), label: row.name }))}
            />
          )}
          <FactList
            facts={[
              { label: `${shown.name}'s subject`, value: shown.copy.subject },
              { label: `${shown.name}'s text`, value: shown.copy.text },
            ]}
          />
        </section>
      )}
      <DataTable
        caption="Recipients"
        showCaption
        rows={recipients}
        rowKey={(row) => row.id}
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.name, primary: true },
          { key: 'channel', header: 'By', cell: (row) => row.channel },
          {
            key: 'status',
            header: 'State',
            cell: (row) => <Badge tone={TONES[row.status] ?? 'neutral'}>{row.status}</Badge>,
          },
          {
            key: 'answer',
            header: 'Answer',
            cell: (row) =>
              row.answer
                ? `${row.answer}${row.answerNote ? `: ${row.answerNote}` : ''}`
                : (row.reply ?? '–'),
          },
          {
            key: 'error',
            header: 'Problem',
            cell: (row) => row.sms.error ?? row.emailDelivery.error ?? '–',
          },
        ]}
        actions={(row) => (
          <Button variant="secondary" size="small" onClick={() => void resendTo(row)}>
            Resend to {row.name}
          </Button>
        )}
        actionsHeader="Resend"
      />
    </>
  )
}
