import type { FieldSpec } from './record_form'
import { nameOf, type Lookups } from '~/components/schedule/lookups'
import type { Data } from '~generated/data'

type NamedListItem = Data.Schedule.NamedListItem

export type DirectoryTabKey = 'crew' | 'vendors' | 'locations' | 'clients'

/** What every directory record has; the rest is read through the tab's fields. */
export type DirectoryRecord = { id: number; name: string; starred?: boolean } & Record<
  string,
  unknown
>

export type DirectoryTab = {
  key: DirectoryTabKey
  label: string
  url: string
  noun: string
  plural: string
  fields: (lookups: Lookups) => FieldSpec[]
  /** The second line of a row: role, region, contact. */
  summary: (record: DirectoryRecord, lookups: Lookups) => string
  /** The record's kind as a badge in its row and beside its name (a location's type). */
  badge?: (record: DirectoryRecord, lookups: Lookups) => string | null
  /** A list filter by the record's type (role, vendor type, location type). */
  typeFilter?: { key: string; label: string; options: (lookups: Lookups) => NamedListItem[] }
  starred: boolean
  /** Deleting moves it to the trash (clients are deleted for good). */
  trash: boolean
  notesType?: 'crew' | 'vendor' | 'location'
  person?: 'crew' | 'vendor'
}

const options = (items: NamedListItem[]) =>
  items.map((item) => ({ value: item.id, label: item.name }))

function joined(...parts: unknown[]) {
  return parts.filter((part) => typeof part === 'string' && part !== '').join(' · ')
}

export const DIRECTORY_TABS: DirectoryTab[] = [
  {
    key: 'crew',
    label: 'Crew',
    url: '/api/crew',
    noun: 'crew member',
    plural: 'crew members',
    fields: (lookups) => [
      { key: 'name', label: 'Name', required: true },
      { key: 'crewRoleId', label: 'Role', type: 'select', options: options(lookups.crewRoles) },
      { key: 'regionId', label: 'Region', type: 'select', options: options(lookups.regions) },
      { key: 'phone', label: 'Phone', type: 'tel', maxLength: 50 },
      { key: 'email', label: 'Email', type: 'email', maxLength: 254 },
      { key: 'pronouns', label: 'Pronouns', maxLength: 50 },
      { key: 'vehicle', label: 'Vehicle' },
      { key: 'dietary', label: 'Dietary needs' },
      { key: 'howWeMet', label: 'How we met', wide: true },
      { key: 'notes', label: 'Notes', type: 'textarea' },
      { key: 'starred', label: 'Starred (shown first when picking people)', type: 'checkbox' },
    ],
    summary: (record, lookups) =>
      joined(
        nameOf(lookups.crewRoles, record.crewRoleId as number | null),
        nameOf(lookups.regions, record.regionId as number | null),
        record.phone,
        record.email
      ),
    typeFilter: { key: 'crewRoleId', label: 'Role', options: (lookups) => lookups.crewRoles },
    starred: true,
    trash: true,
    notesType: 'crew',
    person: 'crew',
  },
  {
    key: 'vendors',
    label: 'Vendors',
    url: '/api/vendors',
    noun: 'vendor',
    plural: 'vendors',
    fields: (lookups) => [
      { key: 'name', label: 'Name', required: true },
      { key: 'vendorTypeId', label: 'Type', type: 'select', options: options(lookups.vendorTypes) },
      { key: 'regionId', label: 'Region', type: 'select', options: options(lookups.regions) },
      { key: 'contactName', label: 'Contact' },
      { key: 'phone', label: 'Phone', type: 'tel', maxLength: 50 },
      { key: 'email', label: 'Email', type: 'email', maxLength: 254 },
      { key: 'website', label: 'Website', type: 'url', maxLength: 500 },
      { key: 'address', label: 'Address', wide: true, maxLength: 500 },
      { key: 'notes', label: 'Notes', type: 'textarea' },
      { key: 'starred', label: 'Starred (shown first when picking people)', type: 'checkbox' },
    ],
    summary: (record, lookups) =>
      joined(
        nameOf(lookups.vendorTypes, record.vendorTypeId as number | null),
        nameOf(lookups.regions, record.regionId as number | null),
        record.contactName,
        record.phone
      ),
    typeFilter: { key: 'vendorTypeId', label: 'Type', options: (lookups) => lookups.vendorTypes },
    starred: true,
    trash: true,
    notesType: 'vendor',
    person: 'vendor',
  },
  {
    key: 'locations',
    label: 'Locations',
    url: '/api/locations',
    noun: 'location',
    plural: 'locations',
    fields: (lookups) => [
      { key: 'name', label: 'Name', required: true },
      {
        key: 'locationTypeId',
        label: 'Type',
        type: 'select',
        options: options(lookups.locationTypes),
      },
      { key: 'regionId', label: 'Region', type: 'select', options: options(lookups.regions) },
      { key: 'address', label: 'Address', type: 'address', wide: true, maxLength: 500 },
      { key: 'lat', label: 'Latitude', type: 'number' },
      { key: 'lng', label: 'Longitude', type: 'number' },
      { key: 'notes', label: 'Notes', type: 'textarea' },
      { key: 'starred', label: 'Starred', type: 'checkbox' },
    ],
    summary: (record, lookups) =>
      joined(nameOf(lookups.regions, record.regionId as number | null), record.address),
    badge: (record, lookups) =>
      nameOf(lookups.locationTypes, record.locationTypeId as number | null),
    typeFilter: {
      key: 'locationTypeId',
      label: 'Type',
      options: (lookups) => lookups.locationTypes,
    },
    starred: true,
    trash: true,
    notesType: 'location',
  },
  {
    key: 'clients',
    label: 'Clients',
    url: '/api/clients',
    noun: 'client',
    plural: 'clients',
    fields: () => [
      { key: 'name', label: 'Name', required: true },
      { key: 'contactName', label: 'Contact' },
      { key: 'email', label: 'Email', type: 'email', maxLength: 254 },
      { key: 'phone', label: 'Phone', type: 'tel', maxLength: 50 },
      { key: 'notes', label: 'Notes', type: 'textarea' },
    ],
    summary: (record) => joined(record.contactName, record.email, record.phone),
    starred: false,
    trash: false,
  },
]
