import { useEffect, useState } from 'react'
import { api, errorMessage } from '~/components/shared/api'
import { ResourcePicker } from './resource_picker'
import { useToast } from '~/components/shared/toasts'
import type { Data } from '~generated/data'

type Link = Data.Schedule.CrewVendorLink

/**
 * Which vendors a crew member works through (or which crew a vendor brings):
 * list, link one more, unlink.
 */
export function CrewVendorLinks(props: { side: 'crew' | 'vendor'; id: number; name: string }) {
  const toast = useToast()
  const [links, setLinks] = useState<Link[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const other = props.side === 'crew' ? 'vendor' : 'crew'

  useEffect(() => {
    const query = props.side === 'crew' ? `crewId=${props.id}` : `vendorId=${props.id}`
    api<Link[]>('GET', `/api/crew-vendor-links?${query}`)
      .then(setLinks)
      .catch((error: unknown) => setLoadError(`Could not load the links: ${errorMessage(error)}`))
  }, [props.side, props.id])

  async function link(otherId: number, otherName: string) {
    try {
      const created = await api<Link>(
        'POST',
        '/api/crew-vendor-links',
        props.side === 'crew'
          ? { crewId: props.id, vendorId: otherId }
          : { crewId: otherId, vendorId: props.id }
      )
      setLinks((current) => [...(current ?? []), created])
    } catch (error) {
      toast.error(`Could not link ${otherName}: ${errorMessage(error)}`)
    }
  }

  async function unlink(existing: Link) {
    try {
      await api('DELETE', `/api/crew-vendor-links/${existing.id}`)
      setLinks((current) => current?.filter((item) => item.id !== existing.id) ?? null)
    } catch (error) {
      toast.error(`Could not remove the link: ${errorMessage(error)}`)
    }
  }

  const linked = new Set(
    (links ?? []).map((item) => `${other}:${other === 'crew' ? item.crewId : item.vendorId}`)
  )
  return (
    <section className="sc-section" aria-labelledby="links-heading">
      <h3 id="links-heading">{props.side === 'crew' ? 'Works through' : 'Crew they bring'}</h3>
      {loadError && (
        <p className="error" role="alert">
          {loadError}
        </p>
      )}
      {links?.length === 0 && (
        <p className="muted small">
          {props.side === 'crew' ? 'No vendors linked.' : 'No crew members linked.'}
        </p>
      )}
      {links && links.length > 0 && (
        <ul className="sc-links">
          {links.map((item) => {
            const otherId = other === 'crew' ? item.crewId : item.vendorId
            const otherName = other === 'crew' ? item.crewName : item.vendorName
            return (
              <li key={item.id}>
                <a href={`/directory?tab=${other === 'crew' ? 'crew' : 'vendors'}&id=${otherId}`}>
                  {otherName}
                </a>
                {item.notes && <span className="muted small"> · {item.notes}</span>}
                <button
                  type="button"
                  className="link small sc-danger-link"
                  aria-label={`Unlink ${otherName}`}
                  onClick={() => void unlink(item)}
                >
                  Unlink
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <ResourcePicker
        label={props.side === 'crew' ? 'Link a vendor' : 'Link a crew member'}
        kinds={[other]}
        excluded={linked}
        onPick={(picked) => void link(picked.id, picked.name)}
      />
    </section>
  )
}
