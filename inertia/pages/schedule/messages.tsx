import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useApi } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { DataTable } from '~/components/shared/ui/data_table'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SegmentedControl } from '~/components/shared/ui/segmented_control'
import { Select } from '~/components/shared/ui/select'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { PeoplePicker, type PickablePerson } from '~/components/schedule/messaging/people_picker'

type Named = { id: number; name: string }
type SavedGroup = Named & { size: number }
type Template = Data.Schedule.MessageTemplate
type SentMessage = {
  id: number
  headline: string
  status: string
  sendAt: string
  counts: Record<string, number>
}
type SmsLength = { encoding: string; units: number; segments: number; perSegment: number }
type Preview = {
  smsEnabled: boolean
  unknownPlaceholders: string[]
  template: SmsLength
  recipients: {
    key: string
    name: string
    phone: string | null
    phoneAsEntered: string | null
    email: string | null
    channel: string
    optedOut: boolean
    text: string
    sms: SmsLength | null
  }[]
}

const NO_TEMPLATE = 'none'
const NO_PROJECT = 'none'
const CHANNELS = [
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
  { value: 'both', label: 'Both' },
]

/** Availability requests: compose one to a roster, and the ones sent. */
export default function MessagesPage(props: {
  user: SessionUser
  smsMessage: string | null
  projects: Named[]
  statuses: Named[]
  templates: Template[]
  groups: SavedGroup[]
  crewRoles: Named[]
  people: PickablePerson[]
  messages: SentMessage[]
}) {
  const defaultTemplate = props.templates.find((one) => one.kind === 'sms' && one.isDefault)
  const [projectId, setProjectId] = useState<string | undefined>(undefined)
  const [statusIds, setStatusIds] = useState<number[]>([])
  const [groupIds, setGroupIds] = useState<number[]>([])
  const [crewRoleIds, setCrewRoleIds] = useState<number[]>([])
  const [picked, setPicked] = useState(new Set<string>())
  const pickedIds = (type: string) =>
    [...picked].filter((key) => key.startsWith(`${type}:`)).map((key) => Number(key.split(':')[1]))
  const [channels, setChannels] = useState<Record<string, string>>({})
  const [templateId, setTemplateId] = useState(
    defaultTemplate ? String(defaultTemplate.id) : NO_TEMPLATE
  )
  const [body, setBody] = useState(defaultTemplate?.body ?? '')
  const [channel, setChannel] = useState(props.smsMessage ? 'email' : 'sms')
  const [callTime, setCallTime] = useState('')
  const [sendAt, setSendAt] = useState('')
  const [fetchedPreview, setPreview] = useState<Preview | null>(null)
  const previewCall = useApi()
  const send = useApi()

  const composition = {
    audience: {
      projectId: projectId && projectId !== NO_PROJECT ? Number(projectId) : null,
      statusIds,
      crewRoleIds,
      groupIds,
      crewIds: pickedIds('crew'),
      vendorIds: pickedIds('vendor'),
    },
    templateId: templateId === NO_TEMPLATE ? null : Number(templateId),
    body,
    channel,
    channels,
    callTime: callTime || null,
    sendAt: sendAt ? new Date(sendAt).toISOString() : null,
  }
  const key = JSON.stringify(composition)
  const hasProject = Boolean(projectId && projectId !== NO_PROJECT)
  const hasAudience = hasProject || groupIds.length > 0 || picked.size > 0
  const ready = Boolean(hasAudience && body.trim())
  const preview = ready ? fetchedPreview : null

  useEffect(() => {
    if (!ready) {
      return
    }
    // Previews follow typing, a moment after it stops.
    const timer = setTimeout(async () => {
      const answer = await previewCall.send<Preview>(
        'POST',
        '/api/messages/preview',
        JSON.parse(key)
      )
      if (answer) {
        setPreview(answer)
      }
    }, 300)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const created = await send.send<{ id: number }>('POST', '/api/messages', composition)
    if (created) {
      router.visit(`/messages/${created.id}`)
    }
  }

  return (
    <ScheduleShell user={props.user} title="Messages">
      <PageHeader
        title="Messages"
        description="Ask a roster or a saved group for its availability by text or email; each person gets a personal answer link."
        actions={
          <>
            <ButtonLink variant="secondary" href="/messages/templates">
              Templates
            </ButtonLink>
            <ButtonLink variant="secondary" href="/messages/groups">
              Recipient groups
            </ButtonLink>
          </>
        }
      />
      {props.smsMessage && <Notice tone="warning">{props.smsMessage}</Notice>}
      <form className="ui-stack" onSubmit={submit} aria-label="New message">
        <h2>New message</h2>
        <Field label="Project">
          <Select
            value={projectId}
            onValueChange={setProjectId}
            placeholder="Choose a project…"
            options={[
              { value: NO_PROJECT, label: 'No project: groups only' },
              ...props.projects.map((project) => ({
                value: String(project.id),
                label: project.name,
              })),
            ]}
          />
        </Field>
        {props.groups.length > 0 && (
          <fieldset className="ui-stack">
            <legend className="ui-label">Saved groups (also, or instead of a roster)</legend>
            {props.groups.map((group) => (
              <Checkbox
                key={group.id}
                label={`${group.name} (${group.size})`}
                checked={groupIds.includes(group.id)}
                onChange={(event) =>
                  setGroupIds(
                    event.target.checked
                      ? [...groupIds, group.id]
                      : groupIds.filter((id) => id !== group.id)
                  )
                }
              />
            ))}
          </fieldset>
        )}
        <fieldset className="ui-stack">
          <legend className="ui-label">Only people whose status is (none ticked: everyone)</legend>
          {props.statuses.map((status) => (
            <Checkbox
              key={status.id}
              label={status.name}
              checked={statusIds.includes(status.id)}
              onChange={(event) =>
                setStatusIds(
                  event.target.checked
                    ? [...statusIds, status.id]
                    : statusIds.filter((id) => id !== status.id)
                )
              }
            />
          ))}
        </fieldset>
        {hasProject && props.crewRoles.length > 0 && (
          <fieldset className="ui-stack">
            <legend className="ui-label">
              Only crew whose role on the project is (none ticked: everyone; a role leaves vendors
              out)
            </legend>
            {props.crewRoles.map((role) => (
              <Checkbox
                key={role.id}
                label={role.name}
                checked={crewRoleIds.includes(role.id)}
                onChange={(event) =>
                  setCrewRoleIds(
                    event.target.checked
                      ? [...crewRoleIds, role.id]
                      : crewRoleIds.filter((id) => id !== role.id)
                  )
                }
              />
            ))}
          </fieldset>
        )}
        <PeoplePicker
          legend={`People picked by hand (${picked.size})`}
          people={props.people}
          chosen={picked}
          onChange={setPicked}
        />
        {props.templates.length > 0 && (
          <Field label="Template">
            <Select
              value={templateId}
              onValueChange={(value) => {
                setTemplateId(value)
                const chosen = props.templates.find((one) => String(one.id) === value)
                if (chosen) {
                  setBody(chosen.body)
                  // An email template asks by email, unless SMS is the admin's pick after.
                  setChannel(chosen.kind === 'email' ? 'email' : props.smsMessage ? 'email' : 'sms')
                }
              }}
              options={[
                { value: NO_TEMPLATE, label: 'None: write the text' },
                ...props.templates.map((one) => ({ value: String(one.id), label: one.name })),
              ]}
            />
          </Field>
        )}
        <Field
          label="Text"
          hint="Placeholders: {firstName} {project} {dates} {callTime} {location} {answerLink}"
        >
          <Textarea value={body} onChange={(event) => setBody(event.target.value)} rows={4} />
        </Field>
        {preview && (
          <p className="ui-muted" aria-live="polite">
            {preview.template.encoding}: {preview.template.units} of {preview.template.perSegment}{' '}
            per part, {preview.template.segments} part{preview.template.segments === 1 ? '' : 's'}{' '}
            before placeholders are filled
            {preview.unknownPlaceholders.length > 0 &&
              `; unknown: ${preview.unknownPlaceholders.map((name) => `{${name}}`).join(' ')}`}
          </p>
        )}
        <SegmentedControl
          label="Send by"
          value={channel}
          onValueChange={setChannel}
          options={CHANNELS}
        />
        <Field label="Call time (optional)">
          <TextInput value={callTime} onChange={(event) => setCallTime(event.target.value)} />
        </Field>
        <Field label="Send at (optional)" hint="Empty: now">
          <TextInput
            type="datetime-local"
            value={sendAt}
            onChange={(event) => setSendAt(event.target.value)}
          />
        </Field>
        {preview && (
          <DataTable
            caption="Preview per recipient"
            showCaption
            rows={preview.recipients}
            rowKey={(row) => row.key}
            columns={[
              { key: 'name', header: 'Name', cell: (row) => row.name, primary: true },
              {
                key: 'channel',
                header: 'By',
                cell: (row) => (
                  <>
                    <Select
                      aria-label={`Channel for ${row.name}`}
                      value={channels[row.key] ?? channel}
                      onValueChange={(value) =>
                        setChannels((current) => ({ ...current, [row.key]: value }))
                      }
                      options={CHANNELS}
                    />
                    {row.channel !== (channels[row.key] ?? channel) && (
                      <span className="ui-muted"> goes by {row.channel}</span>
                    )}
                    {row.optedOut && <span className="ui-muted"> opted out of SMS</span>}
                  </>
                ),
              },
              {
                key: 'to',
                header: 'To',
                cell: (row) =>
                  [
                    row.channel !== 'email' ? row.phone : null,
                    row.channel !== 'sms' ? row.email : null,
                  ]
                    .filter(Boolean)
                    .join(', ') || `no valid number (${row.phoneAsEntered ?? 'none'})`,
              },
              { key: 'text', header: 'Text', cell: (row) => row.text },
              {
                key: 'parts',
                header: 'SMS parts',
                cell: (row) => (row.sms ? `${row.sms.segments} (${row.sms.encoding})` : '–'),
                align: 'end',
              },
            ]}
          />
        )}
        {send.errorText && <Notice tone="danger">{send.errorText}</Notice>}
        <Button type="submit" disabled={send.pending || !hasAudience}>
          {sendAt ? 'Schedule' : 'Send now'}
        </Button>
      </form>

      <DataTable
        caption="Sent and scheduled"
        showCaption
        rows={props.messages}
        rowKey={(row) => row.id}
        empty={<EmptyState title="No messages yet" description="Messages you send show here." />}
        columns={[
          {
            key: 'subject',
            header: 'Message',
            primary: true,
            cell: (row) => <a href={`/messages/${row.id}`}>{row.headline}</a>,
          },
          { key: 'status', header: 'Status', cell: (row) => row.status },
          {
            key: 'sendAt',
            header: 'Send at',
            cell: (row) => formatTimestamp(row.sendAt),
            nowrap: true,
          },
          {
            key: 'counts',
            header: 'Recipients',
            cell: (row) =>
              Object.entries(row.counts)
                .map(([state, count]) => `${count} ${state}`)
                .join(', '),
          },
        ]}
      />
    </ScheduleShell>
  )
}
