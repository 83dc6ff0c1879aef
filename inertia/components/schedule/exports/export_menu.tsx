import { Button } from '~/components/shared/ui/button'
import { DownloadIcon } from '~/components/shared/ui/icons'
import { Menu } from '~/components/shared/ui/menu'

const BULK_FORMATS = [
  { format: 'csv', label: 'CSV (spreadsheet, any program)' },
  { format: 'xlsx', label: 'Excel workbook (.xlsx)' },
  { format: 'pdf', label: 'PDF (to print)' },
  { format: 'zip', label: 'Markdown, one file each (.zip)' },
  { format: 'json', label: 'JSON (for other software)' },
] as const

const ITEM_FORMATS = [
  { format: 'pdf', label: 'PDF (to print)' },
  { format: 'md', label: 'Markdown (.md)' },
] as const

/** A query string of the filters that are set (empty values left out). */
function query(filters: Record<string, string | number | boolean | null | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '' && value !== false) {
      params.set(key, String(value))
    }
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** A button that opens download links, one per format. */
function DownloadMenu(props: { label: string; links: { label: string; href: string }[] }) {
  return (
    <Menu
      trigger={
        <Button variant="secondary" icon={<DownloadIcon size={16} />}>
          {props.label}
        </Button>
      }
      items={props.links.map((link) => ({ ...link, download: true }))}
    />
  )
}

/**
 * "Export" with the formats of a list: projects, crew, vendors, locations,
 * clients or rosters, with the filters on screen. Each format is a download
 * link (GET /api/exports/<kind>.<format>): the browser saves the file as
 * the server streams it.
 */
export function BulkExportMenu(props: {
  kind: 'projects' | 'crew' | 'vendors' | 'locations' | 'clients' | 'rosters'
  filters?: Record<string, string | number | boolean | null | undefined>
  /** The button's words; "Export" unless the page has two of these. */
  label?: string
}) {
  const suffix = query(props.filters ?? {})
  return (
    <DownloadMenu
      label={props.label ?? 'Export'}
      links={BULK_FORMATS.map(({ format, label }) => ({
        label,
        href: `/api/exports/${props.kind}.${format}${suffix}`,
      }))}
    />
  )
}

/** "Export" of one item as PDF or Markdown; `base` is its export route without the format. */
export function ItemExportMenu(props: { base: string; label?: string }) {
  return (
    <DownloadMenu
      label={props.label ?? 'Export'}
      links={ITEM_FORMATS.map(({ format, label }) => ({ label, href: `${props.base}/${format}` }))}
    />
  )
}
