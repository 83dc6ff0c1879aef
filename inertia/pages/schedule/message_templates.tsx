import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, fieldErrors, type FieldErrors } from '~/components/shared/api'
import { Badge } from '~/components/shared/ui/badge'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SegmentedControl } from '~/components/shared/ui/segmented_control'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { useSavedList } from '~/components/schedule/messaging/use_saved_list'

type Template = Data.Schedule.MessageTemplate
type Draft = { name: string; kind: string; subject: string; body: string; isDefault: boolean }

const KINDS = [
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
]
const PLACEHOLDER_HINT =
  'Placeholders: {firstName} {project} {dates} {callTime} {location} {answerLink}'

type PageProps = { user: SessionUser; canEdit: boolean; templates: Template[] }

/** Message templates: the texts compose starts from, one default per kind; admins change them. */
export default function MessageTemplatesPage(props: PageProps) {
  return (
    <ScheduleShell user={props.user} title="Message templates">
      <Templates {...props} />
    </ScheduleShell>
  )
}

/** Inside the shell, which provides the toasts the list's changes show. */
function Templates(props: PageProps) {
  const list = useSavedList(props.templates, '/api/message-templates', 'Template')

  return (
    <>
      <PageHeader
        title="Message templates"
        description="Texts an availability request can start from. The default of each kind fills the compose form."
        actions={
          <>
            <ButtonLink variant="secondary" href="/messages">
              Back to Messages
            </ButtonLink>
            {props.canEdit && <Button onClick={() => list.setEditing('new')}>New template</Button>}
          </>
        }
      />
      {!props.canEdit && <Notice tone="info">Only admins change templates.</Notice>}
      <DataTable
        caption="Templates"
        rows={list.rows}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            title="No templates yet"
            description="A template saves retyping the same request for every shoot."
          />
        }
        columns={[
          {
            key: 'name',
            header: 'Name',
            primary: true,
            cell: (row) => (
              <>
                {row.name} {row.isDefault && <Badge tone="success">Default</Badge>}
              </>
            ),
          },
          { key: 'kind', header: 'Kind', cell: (row) => (row.kind === 'sms' ? 'SMS' : 'Email') },
          {
            key: 'body',
            header: 'Text',
            cell: (row) => (row.subject ? `${row.subject}: ${row.body}` : row.body),
          },
          {
            key: 'parts',
            header: 'SMS parts',
            align: 'end',
            cell: (row) => (row.sms ? `${row.sms.segments} (${row.sms.encoding})` : '–'),
          },
        ]}
        actionsHeader="Change"
        actions={
          props.canEdit
            ? (row) => (
                <>
                  <Button variant="secondary" size="small" onClick={() => list.setEditing(row)}>
                    Edit {row.name}
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" size="small">
                        Delete {row.name}
                      </Button>
                    }
                    title={`Delete “${row.name}”?`}
                    description="Messages already sent from it keep their text."
                    confirmLabel="Delete template"
                    onConfirm={() => list.remove(row)}
                  />
                </>
              )
            : undefined
        }
      />
      {list.editing && (
        <TemplateDialog
          template={list.editing === 'new' ? null : list.editing}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      )}
    </>
  )
}

function TemplateDialog(props: {
  template: Template | null
  onClose: () => void
  onSaved: (template: Template) => void
}) {
  const [draft, setDraft] = useState<Draft>({
    name: props.template?.name ?? '',
    kind: props.template?.kind ?? 'sms',
    subject: props.template?.subject ?? '',
    body: props.template?.body ?? '',
    isDefault: props.template?.isDefault ?? false,
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)
  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }))

  async function save(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    const { kind, ...fields } = { ...draft, subject: draft.subject || null }
    try {
      const saved = props.template
        ? await api<Template>('PATCH', `/api/message-templates/${props.template.id}`, fields)
        : await api<Template>('POST', '/api/message-templates', { ...fields, kind })
      props.onSaved(saved)
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={props.template ? `Edit “${props.template.name}”` : 'New template'}
      size="wide"
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="template-form" loading={saving}>
            Save template
          </Button>
        </>
      }
    >
      <form id="template-form" className="ui-stack" onSubmit={save} noValidate>
        {errors.form && <Notice tone="danger">{errors.form}</Notice>}
        <Field label="Name" required error={errors.name}>
          <TextInput
            value={draft.name}
            maxLength={100}
            onChange={(event) => change({ name: event.target.value })}
          />
        </Field>
        {props.template ? (
          <p className="ui-muted">Kind: {draft.kind === 'sms' ? 'SMS' : 'Email'}</p>
        ) : (
          <SegmentedControl
            label="Kind"
            value={draft.kind}
            onValueChange={(kind) => change({ kind })}
            options={KINDS}
          />
        )}
        <Field label="Email subject (optional)" error={errors.subject}>
          <TextInput
            value={draft.subject}
            maxLength={200}
            onChange={(event) => change({ subject: event.target.value })}
          />
        </Field>
        <Field label="Text" required hint={PLACEHOLDER_HINT} error={errors.body}>
          <Textarea
            rows={5}
            value={draft.body}
            onChange={(event) => change({ body: event.target.value })}
          />
        </Field>
        <Checkbox
          label={`The default ${draft.kind === 'sms' ? 'SMS' : 'email'} template`}
          hint="Compose starts with it; it takes over from the current default."
          checked={draft.isDefault}
          onChange={(event) => change({ isDefault: event.target.checked })}
        />
      </form>
    </Dialog>
  )
}
