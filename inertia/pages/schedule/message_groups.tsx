import { useState, type FormEvent } from 'react'
import { api, fieldErrors, type FieldErrors } from '~/components/shared/api'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable } from '~/components/shared/ui/data_table'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { PageHeader } from '~/components/shared/ui/page_header'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { useSavedList } from '~/components/schedule/messaging/use_saved_list'
import {
  PeoplePicker,
  personKey,
  type PickablePerson,
} from '~/components/schedule/messaging/people_picker'

type Person = PickablePerson
type Group = { id: number; name: string; members: Person[] }
type PageProps = { user: SessionUser; groups: Group[]; people: Person[] }

/** Saved recipient groups: named sets of crew and vendors to message together. */
export default function MessageGroupsPage(props: PageProps) {
  return (
    <ScheduleShell user={props.user} title="Recipient groups">
      <Groups {...props} />
    </ScheduleShell>
  )
}

/** Inside the shell, which provides the toasts the list's changes show. */
function Groups(props: PageProps) {
  const list = useSavedList(props.groups, '/api/message-groups', 'Group')

  return (
    <>
      <PageHeader
        title="Recipient groups"
        description="People you often ask together (“the lighting team”, “our caterers”): pick a group as the recipients of a message."
        actions={
          <>
            <ButtonLink variant="secondary" href="/messages">
              Back to Messages
            </ButtonLink>
            <Button onClick={() => list.setEditing('new')}>New group</Button>
          </>
        }
      />
      <DataTable
        caption="Groups"
        rows={list.rows}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            title="No groups yet"
            description="Make one from crew and vendors in the directory."
          />
        }
        columns={[
          { key: 'name', header: 'Name', primary: true, cell: (row) => row.name },
          {
            key: 'members',
            header: 'Members',
            cell: (row) => row.members.map((member) => member.name).join(', ') || '–',
          },
          { key: 'size', header: 'People', align: 'end', cell: (row) => row.members.length },
        ]}
        actionsHeader="Change"
        actions={(row) => (
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
              description="The people stay in the directory; messages already sent are kept."
              confirmLabel="Delete group"
              onConfirm={() => list.remove(row)}
            />
          </>
        )}
      />
      {list.editing && (
        <GroupDialog
          group={list.editing === 'new' ? null : list.editing}
          people={props.people}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      )}
    </>
  )
}

function GroupDialog(props: {
  group: Group | null
  people: Person[]
  onClose: () => void
  onSaved: (group: Group) => void
}) {
  const [name, setName] = useState(props.group?.name ?? '')
  const [chosen, setChosen] = useState(
    () => new Set((props.group?.members ?? []).map((member) => personKey(member)))
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    const members = props.people
      .filter((person) => chosen.has(personKey(person)))
      .map(({ resourceType, resourceId }) => ({ resourceType, resourceId }))
    try {
      const saved = props.group
        ? await api<Group>('PATCH', `/api/message-groups/${props.group.id}`, { name, members })
        : await api<Group>('POST', '/api/message-groups', { name, members })
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
      title={props.group ? `Edit “${props.group.name}”` : 'New group'}
      description={`${chosen.size} ${chosen.size === 1 ? 'person' : 'people'} chosen`}
      size="wide"
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="group-form" loading={saving}>
            Save group
          </Button>
        </>
      }
    >
      <form id="group-form" className="ui-stack" onSubmit={save} noValidate>
        {errors.form && <Notice tone="danger">{errors.form}</Notice>}
        <Field label="Name" required error={errors.name}>
          <TextInput
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <PeoplePicker
          legend="Members"
          people={props.people}
          chosen={chosen}
          onChange={setChosen}
          error={errors.members}
        />
      </form>
    </Dialog>
  )
}
