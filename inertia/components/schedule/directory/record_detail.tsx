import { api, errorMessage } from '~/components/shared/api'
import { ConfirmButton } from '~/components/shared/confirm_button'
import { RecordForm, type RecordValues } from './record_form'
import { ShareLinksPanel } from '~/components/schedule/sharing/share_links_panel'
import { useToast } from '~/components/shared/toasts'
import { Assignments } from './assignments'
import { CrewVendorLinks } from './crew_vendor_links'
import { ResourceNotes } from './resource_notes'
import type { Lookups } from '~/components/schedule/lookups'
import type { DirectoryRecord, DirectoryTab } from './tabs_config'

/**
 * One record of the directory: its fields, and for people their upcoming
 * bookings, linked crew or vendors, notes and share links. With no record it
 * is the form for a new one.
 */
export function RecordDetail(props: {
  tab: DirectoryTab
  record: DirectoryRecord | null
  lookups: Lookups
  onSaved: (record: DirectoryRecord, created: boolean) => void
  onDeleted: (record: DirectoryRecord) => void
  onClose: () => void
}) {
  const toast = useToast()
  const { tab, record } = props
  const fields = tab.fields(props.lookups)

  async function submit(values: RecordValues) {
    if (record) {
      props.onSaved(await api<DirectoryRecord>('PATCH', `${tab.url}/${record.id}`, values), false)
    } else {
      props.onSaved(await api<DirectoryRecord>('POST', tab.url, values), true)
    }
  }

  async function remove(target: DirectoryRecord) {
    try {
      await api('DELETE', `${tab.url}/${target.id}`)
      props.onDeleted(target)
      toast.info(
        tab.trash
          ? `${target.name} moved to the trash. Restore it there within 30 days.`
          : `${target.name} was deleted.`
      )
    } catch (error) {
      toast.error(`Could not delete ${target.name}: ${errorMessage(error)}`)
    }
  }

  const initial: RecordValues = record ?? (tab.starred ? { starred: false } : {})
  return (
    <article className="sc-detail" aria-label={record ? record.name : `New ${tab.noun}`}>
      <header className="sc-heading-row">
        <h2>{record ? record.name : `New ${tab.noun}`}</h2>
        <button type="button" className="secondary compact" onClick={props.onClose}>
          Close
        </button>
      </header>
      <RecordForm
        key={record ? `${record.id}-${String(record.starred)}` : 'new'}
        name={record ? `Details of ${record.name}` : `New ${tab.noun}`}
        fields={fields}
        initial={initial}
        submitLabel={record ? 'Save' : `Add ${tab.noun}`}
        onSubmit={submit}
      />
      {record && (
        <>
          {tab.person && (
            <>
              <Assignments kind={tab.person} id={record.id} statuses={props.lookups.statuses} />
              <CrewVendorLinks side={tab.person} id={record.id} name={record.name} />
            </>
          )}
          {tab.notesType && <ResourceNotes resourceType={tab.notesType} resourceId={record.id} />}
          {tab.person && (
            <ShareLinksPanel
              resourceType={tab.person}
              resourceId={record.id}
              resourceName={record.name}
            />
          )}
          <div className="sc-danger-zone">
            <ConfirmButton
              danger
              label={`Delete ${tab.noun}`}
              title={`Delete ${record.name}?`}
              confirmLabel="Delete"
              onConfirm={() => void remove(record)}
            >
              <p>
                {tab.trash
                  ? `${record.name} moves to the trash and leaves every roster. Anyone can restore them from there within 30 days.`
                  : `${record.name} is deleted for good. Their projects stay, without a client.`}
              </p>
            </ConfirmButton>
          </div>
        </>
      )}
    </article>
  )
}
