import { useEffect, useRef, useState, type ReactNode } from 'react'
import { AppShell } from '~/components/shared/ui/app_shell'
import { GalleryDocuments } from '~/components/sso/gallery_documents'
import { GalleryMore } from '~/components/sso/gallery_more'
import { GallerySegmented } from '~/components/sso/gallery_segmented'
import { Avatar } from '~/components/shared/ui/avatar'
import { Badge } from '~/components/shared/ui/badge'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Combobox } from '~/components/shared/ui/combobox'
import { ConfirmDialog } from '~/components/shared/ui/confirm_dialog'
import { DataTable, type DataColumn } from '~/components/shared/ui/data_table'
import { DatePicker } from '~/components/shared/ui/date_picker'
import { Dialog, DialogClose } from '~/components/shared/ui/dialog'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field, Textarea, TextInput } from '~/components/shared/ui/field'
import { FactList } from '~/components/shared/ui/fact_list'
import { FileDropZone } from '~/components/shared/ui/file_drop_zone'
import {
  DownloadIcon,
  MoreIcon,
  PlusIcon,
  TrashIcon,
  UsersIcon,
} from '~/components/shared/ui/icons'
import { InlineStatus, type InlineState } from '~/components/shared/ui/inline_status'
import { Menu } from '~/components/shared/ui/menu'
import { Notice } from '~/components/shared/ui/notice'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { Pager } from '~/components/shared/ui/pager'
import { OneTimeCodeInput } from '~/components/shared/ui/one_time_code_input'
import { PageHeader } from '~/components/shared/ui/page_header'
import { PasswordInput } from '~/components/shared/ui/password_input'
import { ProgressBar } from '~/components/shared/ui/progress_bar'
import { Select } from '~/components/shared/ui/select'
import { Skeleton, SkeletonText } from '~/components/shared/ui/skeleton'
import { Tabs } from '~/components/shared/ui/tabs'
import { TimeInput } from '~/components/shared/ui/time_input'
import { useToast } from '~/components/shared/ui/toast'

/*
 * The design system's gallery (development and tests only, GET /design-system):
 * every component in its states, in the light or dark theme. The browser
 * tests check components' behaviour and accessibility here, away from any
 * app's data.
 */

type Theme = 'system' | 'light' | 'dark'

type CrewMember = { id: number; name: string; role: string }

const CREW: CrewMember[] = [
  { id: 1, name: 'Ada Lovelace', role: 'Director of photography' },
  { id: 2, name: 'Grace Hopper', role: 'Gaffer' },
  { id: 3, name: 'Harbour Lighting Ltd', role: 'Lighting rental' },
  { id: 4, name: 'Katherine Johnson', role: 'Script supervisor' },
  { id: 5, name: 'Margaret Hamilton', role: 'Sound mixer' },
  { id: 6, name: 'Hedy Lamarr', role: 'Production designer' },
]

type Upload = { id: number; name: string; size: string; sent: string; status: ReactNode }

const UPLOADS: Upload[] = [
  {
    id: 1,
    name: 'Day 3 rushes — camera A.mov',
    size: '48.2 GB',
    sent: '24 Nov, 09:12',
    status: <Badge tone="success">Shared</Badge>,
  },
  {
    id: 2,
    name: 'Call sheet 12.pdf',
    size: '284 KB',
    sent: '23 Nov, 18:40',
    // A long badge wraps inside a phone's card instead of widening the page.
    status: <Badge tone="warning">Deleted automatically on 23 January 2027 (in 2 months)</Badge>,
  },
  {
    id: 3,
    name: 'Colour grade references.zip',
    size: '1.3 GB',
    sent: '20 Nov, 11:05',
    status: <Badge tone="neutral">Not shared</Badge>,
  },
]

const UPLOAD_COLUMNS: DataColumn<Upload>[] = [
  { key: 'name', header: 'File', cell: (row) => row.name, primary: true },
  { key: 'size', header: 'Size', cell: (row) => row.size, align: 'end', nowrap: true },
  { key: 'sent', header: 'Uploaded', cell: (row) => row.sent, nowrap: true },
  { key: 'status', header: 'Status', cell: (row) => row.status },
]

const AVATAR_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#7c3aed"/><circle cx="32" cy="26" r="12" fill="#ede9fe"/><rect x="14" y="42" width="36" height="22" rx="11" fill="#ede9fe"/></svg>'
  )

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="ui-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  )
}

function Row({ children }: { children: ReactNode }) {
  return <div className="ui-cluster">{children}</div>
}

/** data-theme on <html>: the one switch tokens.css reads. */
function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => {
    const asked = new URLSearchParams(window.location.search).get('theme')
    return asked === 'light' || asked === 'dark' ? asked : 'system'
  })
  useEffect(() => {
    const root = document.documentElement
    if (theme === 'system') {
      delete root.dataset.theme
    } else {
      root.dataset.theme = theme
    }
    return () => {
      delete root.dataset.theme
    }
  }, [theme])
  return [theme, setTheme]
}

function ThemeSwitch({ theme, onChange }: { theme: Theme; onChange: (theme: Theme) => void }) {
  return (
    <div role="group" aria-label="Theme" className="ui-cluster">
      {(['system', 'light', 'dark'] as const).map((choice) => (
        <Button
          key={choice}
          size="small"
          variant={theme === choice ? 'primary' : 'secondary'}
          aria-pressed={theme === choice}
          onClick={() => onChange(choice)}
        >
          {choice === 'system' ? 'System' : choice === 'light' ? 'Light' : 'Dark'}
        </Button>
      ))}
    </div>
  )
}

function Buttons() {
  return (
    <Section id="buttons" title="Buttons">
      <Row>
        <Button>Save changes</Button>
        <Button variant="secondary">Cancel</Button>
        <Button variant="ghost">Show more</Button>
        <Button variant="danger" icon={<TrashIcon size={16} />}>
          Delete
        </Button>
      </Row>
      <Row>
        <Button size="small">Small primary</Button>
        <Button size="small" variant="secondary">
          Small secondary
        </Button>
        <Button loading>Saving</Button>
        <Button disabled>Not available</Button>
        <ButtonLink
          href="/design-system#buttons"
          variant="secondary"
          icon={<DownloadIcon size={16} />}
        >
          A link as a button
        </ButtonLink>
        <Button variant="ghost" aria-label="More actions" icon={<MoreIcon />} />
      </Row>
    </Section>
  )
}

function Fields() {
  const [email, setEmail] = useState('someone@')
  const [code, setCode] = useState('')
  const [department, setDepartment] = useState<string | undefined>(undefined)
  const [person, setPerson] = useState<CrewMember | null>(null)
  const [found, setFound] = useState<CrewMember | null>(null)
  const [date, setDate] = useState('2026-11-24')
  const [time, setTime] = useState('08:30')
  const [files, setFiles] = useState<File[]>([])
  return (
    <Section id="fields" title="Fields">
      <div className="ui-form-grid">
        <Field label="Name" hint="As it appears on call sheets.">
          <TextInput name="name" autoComplete="name" defaultValue="Ada Lovelace" />
        </Field>
        <Field label="Email" error="Type a whole email address, like name@example.com." required>
          <TextInput
            name="email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field label="Password" hint="At least 12 characters.">
          <PasswordInput
            name="password"
            defaultValue="lamps and cables"
            autoComplete="new-password"
          />
        </Field>
        <Field label="Disabled field">
          <TextInput disabled defaultValue="Cannot be changed" />
        </Field>
        <div>
          <Checkbox
            label="Send the call sheet by email"
            hint="Crew without an email address get a text message."
            defaultChecked
          />
          <Checkbox label="Show resolved conflicts" />
          <Checkbox label="Allow public uploads" error="Only an admin can change this." />
        </div>
        <Field
          label="Notes"
          hint="Only the crew on this project sees them; it takes the whole row."
          className="ui-form-grid-full"
        >
          <Textarea name="notes" defaultValue="Bring the long lenses." />
        </Field>
        <Field label="The 6-digit code your app shows">
          <OneTimeCodeInput value={code} onChange={setCode} name="code" />
        </Field>
        <Field label="Department">
          <Select
            value={department}
            onValueChange={setDepartment}
            placeholder="Choose a department"
            options={[
              { value: 'camera', label: 'Camera' },
              { value: 'lighting', label: 'Lighting' },
              { value: 'sound', label: 'Sound' },
              { value: 'art', label: 'Art', disabled: true },
            ]}
          />
        </Field>
        <Field label="Crew member" hint="Type part of a name.">
          <Combobox
            items={CREW}
            selectedItem={person}
            onSelectedItemChange={setPerson}
            itemToString={(item) => item?.name ?? ''}
            itemKey={(item) => String(item.id)}
            renderItem={(item) => (
              <span className="ui-option-text">
                <span>{item.name}</span>
                <span className="ui-option-detail">{item.role}</span>
              </span>
            )}
            emptyText="No one on the crew by that name"
          />
        </Field>
        <Field label="Search the directory" hint="Asks the server as you type.">
          <DirectorySearch chosen={found} onChosen={setFound} />
        </Field>
        <Field label="Shoot date">
          <DatePicker value={date} onChange={setDate} name="date" />
        </Field>
        <Field label="Call time">
          <TimeInput value={time} onChange={setTime} name="time" stepMinutes={15} />
        </Field>
        <Field label="Files to send" hint="Up to 50 GB each.">
          <FileDropZone files={files} onFilesChange={setFiles} help="Any kind of file" />
        </Field>
      </div>
      <div className="ui-cluster ui-muted">
        <p>Code so far: {code || 'none'}</p>
        <p>Chosen: {person?.name ?? 'no one'}</p>
        <p>Date value: {date || 'none'}</p>
        <p>Found: {found?.name ?? 'no one'}</p>
      </div>
    </Section>
  )
}

/**
 * A combobox whose items come from the server: here a stand-in answering
 * after a moment, so the gallery shows the "Searching…" state.
 */
function DirectorySearch({
  chosen,
  onChosen,
}: {
  chosen: CrewMember | null
  onChosen: (member: CrewMember | null) => void
}) {
  const [items, setItems] = useState<CrewMember[]>([])
  const [loading, setLoading] = useState(false)
  // Only the answer to the latest text counts; earlier ones arrive too late.
  const latest = useRef('')
  function search(text: string) {
    latest.current = text
    if (text.trim() === '') {
      setItems([])
      setLoading(false)
      return
    }
    setLoading(true)
    window.setTimeout(() => {
      if (latest.current !== text) {
        return
      }
      const wanted = text.trim().toLocaleLowerCase()
      setItems(CREW.filter((member) => member.name.toLocaleLowerCase().includes(wanted)))
      setLoading(false)
    }, 400)
  }
  return (
    <Combobox
      items={items}
      filter={false}
      loading={loading}
      selectedItem={chosen}
      onSelectedItemChange={onChosen}
      onInputValueChange={search}
      itemToString={(item) => item?.name ?? ''}
      itemKey={(item) => String(item.id)}
      emptyText="No one found"
      placeholder="Type a name"
    />
  )
}

function Tables() {
  return (
    <Section id="tables" title="Data table">
      <DataTable
        caption="Your uploads"
        showCaption
        columns={UPLOAD_COLUMNS}
        rows={UPLOADS}
        rowKey={(row) => row.id}
        actions={(row) => (
          <>
            <Button size="small" variant="secondary" aria-label={`Share ${row.name}`}>
              Share
            </Button>
            <Button size="small" variant="ghost" aria-label={`Delete ${row.name}`}>
              Delete
            </Button>
          </>
        )}
      />
      <h3>With no rows</h3>
      <DataTable
        caption="Shared links"
        columns={UPLOAD_COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            headingLevel={3}
            title="No shared links yet"
            description="Share a file to send someone a link they can download it from, with a password and an expiry if you like."
            action={<Button icon={<PlusIcon size={16} />}>Share a file</Button>}
          />
        }
      />
    </Section>
  )
}

function Overlays() {
  const toast = useToast()
  const [deleted, setDeleted] = useState(false)
  return (
    <Section id="overlays" title="Dialogs, menus and toasts">
      <Row>
        <Dialog
          title="Rename project"
          description="The new name shows on call sheets from now on."
          trigger={<Button variant="secondary">Open dialog</Button>}
          footer={
            <>
              <DialogClose>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <DialogClose>
                <Button>Save name</Button>
              </DialogClose>
            </>
          }
        >
          <Field label="Project name">
            <TextInput defaultValue="Harbour Lights" />
          </Field>
        </Dialog>
        <ConfirmDialog
          trigger={<Button variant="danger">Delete project</Button>}
          title="Delete Harbour Lights?"
          description="Its bookings go to the trash for 30 days; you can restore them there."
          confirmLabel="Delete project"
          onConfirm={() => setDeleted(true)}
        />
        <Menu
          trigger={<Button variant="secondary">Project actions</Button>}
          items={[
            { label: 'Duplicate', onSelect: () => toast.info('Duplicated') },
            { label: 'Export as PDF', onSelect: () => toast.info('Export started') },
            'separator',
            { label: 'Archive', tone: 'danger', onSelect: () => toast.warning('Archived') },
          ]}
        />
      </Row>
      {deleted && <p role="status">Project deleted.</p>}
      <Row>
        <Button variant="secondary" onClick={() => toast.success('Share link copied')}>
          Success toast
        </Button>
        <Button variant="secondary" onClick={() => toast.error('The file could not be deleted')}>
          Error toast
        </Button>
        <Button variant="secondary" onClick={() => toast.warning('Two bookings now overlap')}>
          Warning toast
        </Button>
        <Button variant="secondary" onClick={() => toast.info('New version available')}>
          Info toast
        </Button>
      </Row>
    </Section>
  )
}

function Feedback() {
  const [state, setState] = useState<InlineState>('saved')
  return (
    <Section id="feedback" title="Status and feedback">
      <h3>Badges</h3>
      <Row>
        <Badge>Draft</Badge>
        <Badge tone="accent">Pencilled</Badge>
        <Badge tone="success">Confirmed</Badge>
        <Badge tone="warning">Expires soon</Badge>
        <Badge tone="danger">Clash</Badge>
        <Badge tone="info">New</Badge>
      </Row>
      <h3>Avatars</h3>
      <Row>
        <Avatar name="Ada Lovelace" imageUrl={AVATAR_IMAGE} size="large" labelled />
        <Avatar name="Grace Hopper" size="large" labelled />
        <Avatar name="Katherine Johnson" labelled />
        <Avatar name="Hedy" size="small" labelled />
      </Row>
      <h3>Progress</h3>
      <div className="ui-stack">
        <ProgressBar label="Uploading rushes.mov" value={62} detail="29.9 GB of 48.2 GB" />
        <ProgressBar label="Preparing the download" value={null} />
        <ProgressBar label="Done" value={100} />
      </div>
      <h3>Inline save status</h3>
      <Row>
        <InlineStatus state="saving" />
        <InlineStatus state="saved" />
        <InlineStatus
          state="error"
          errorText="Not saved: you are offline"
          onRetry={() => undefined}
        />
      </Row>
      <Row>
        <Button size="small" variant="secondary" onClick={() => setState('saving')}>
          Show saving
        </Button>
        <Button size="small" variant="secondary" onClick={() => setState('error')}>
          Show error
        </Button>
        <InlineStatus state={state} onRetry={() => setState('saved')} />
      </Row>
      <h3>Loading</h3>
      <div className="ui-stack">
        <Row>
          <Skeleton width="2.5rem" height="2.5rem" round />
          <Skeleton width="12rem" height="1.25rem" />
        </Row>
        <SkeletonText lines={3} label="Loading the uploads…" />
      </div>
      <h3>Empty state</h3>
      <EmptyState
        headingLevel={3}
        icon={<UsersIcon size={32} />}
        title="No one in the directory yet"
        description="The directory lists your crew and vendors, so you can book them onto projects. Add the first person to start."
        action={<Button icon={<PlusIcon size={16} />}>Add a person</Button>}
      />
    </Section>
  )
}

export default function DesignSystem() {
  const [theme, setTheme] = useTheme()
  return (
    <AppShell
      title="Design system"
      appName="Design system"
      homeHref="/design-system"
      width="wide"
      nav={[
        { href: '/design-system', label: 'Components' },
        { href: '/', label: 'Your account' },
      ]}
      user={{ name: 'Ada Lovelace', email: 'ada@example.com' }}
      userMenu={[
        { label: 'Your account', href: '/' },
        'separator',
        { label: 'Sign out', onSelect: () => undefined },
      ]}
    >
      <PageHeader
        title="Design system"
        description="Every component of the three apps, in each of its states. Pages are built from these."
        actions={<ThemeSwitch theme={theme} onChange={setTheme} />}
      />
      <div className="ui-stack ui-stack-loose">
        <Buttons />
        <Fields />
        <Tables />
        <Section id="tabs" title="Tabs">
          <Tabs
            label="Project sections"
            items={[
              { value: 'crew', label: 'Crew', content: <p>Who is booked, and as what.</p> },
              { value: 'days', label: 'Days', content: <p>Shoot days and their call times.</p> },
              { value: 'files', label: 'Files', content: <p>Call sheets and scripts.</p> },
            ]}
          />
        </Section>
        <Section id="notices" title="Notice">
          <div className="ui-stack">
            <Notice tone="info">We sent a six-digit code to ada@example.com.</Notice>
            <Notice tone="success">Email confirmed: ada@example.com</Notice>
            <Notice tone="warning" title="This link ends tomorrow">
              Download the files before Friday.
            </Notice>
            <Notice tone="danger">The sign-in could not be confirmed. Please try again.</Notice>
          </div>
        </Section>
        <Section id="facts" title="Facts, the page's one action, pages of a list">
          <div className="ui-stack">
            <FactList
              facts={[
                { label: 'File', value: 'day2-rushes.mov' },
                { label: 'Size', value: '3.2 GB' },
                { label: 'Downloads left', value: 2, live: true },
              ]}
            />
            <Button className="ui-button-hero" icon={<DownloadIcon />}>
              Download
            </Button>
            <Pager
              meta={{ page: 2, lastPage: 5, perPage: 20, total: 96 }}
              noun="uploads"
              onPage={() => undefined}
            />
          </div>
        </Section>
        <Overlays />
        <Feedback />
        <GalleryMore />
        <GalleryDocuments />
        <GallerySegmented />
      </div>
    </AppShell>
  )
}
