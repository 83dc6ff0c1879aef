import { useEffect, useState } from 'react'
import { api } from '~/components/shared/api'
import { errorMessage } from '~/components/shared/api'
import type { NamedListItem, ProjectStatus, Status } from './types'

/** The admin-editable lists ("Lists" page) that label and colour everything else. */
export type Lookups = {
  statuses: Status[]
  projectStatuses: ProjectStatus[]
  crewRoles: NamedListItem[]
  vendorTypes: NamedListItem[]
  locationTypes: NamedListItem[]
  regions: NamedListItem[]
}

export type LookupName = keyof Lookups

export const LOOKUP_URLS: Record<LookupName, string> = {
  statuses: '/api/statuses',
  projectStatuses: '/api/project-statuses',
  crewRoles: '/api/crew-roles',
  vendorTypes: '/api/vendor-types',
  locationTypes: '/api/location-types',
  regions: '/api/regions',
}

const EMPTY: Lookups = {
  statuses: [],
  projectStatuses: [],
  crewRoles: [],
  vendorTypes: [],
  locationTypes: [],
  regions: [],
}

/** Loads every list once per page; `error` says when one could not be read. */
export function useLookups() {
  const [lookups, setLookups] = useState<Lookups>(EMPTY)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const names = Object.keys(LOOKUP_URLS) as LookupName[]
    let current = true
    Promise.all(names.map((name) => api<unknown[]>('GET', LOOKUP_URLS[name])))
      .then((lists) => {
        if (current) {
          setLookups(
            Object.fromEntries(names.map((name, index) => [name, lists[index]])) as Lookups
          )
        }
      })
      .catch(
        (failure: unknown) =>
          current && setError(`Could not load the lists: ${errorMessage(failure)}`)
      )
    return () => {
      current = false
    }
  }, [])

  return { lookups, error }
}

export function findById<T extends { id: number }>(items: T[], id: number | null | undefined) {
  return id === null || id === undefined ? undefined : items.find((item) => item.id === id)
}

export function nameOf(items: { id: number; name: string }[], id: number | null | undefined) {
  return findById(items, id)?.name ?? null
}
