import { useState } from 'react'
import { Link } from '@inertiajs/react'
import { api, errorMessage } from '~/components/shared/api'
import { ResourcePicker, type PickedResource } from './resource_picker'
import { Button } from '~/components/shared/ui/button'
import { useToast } from '~/components/shared/ui/toast'
import type { Data } from '~generated/data'

type CrewVendorLink = Data.Schedule.CrewVendorLink

/**
 * Which vendors a crew member works through (or which crew a vendor brings):
 * list, link one more (from `choices`, the other side's people), unlink.
 * `links` are the page's props; the panel keeps its changes.
 */
export function CrewVendorLinks(props: {
  side: 'crew' | 'vendor'
  id: number
  name: string
  links: CrewVendorLink[]
  choices: PickedResource[]
}) {
  const toast = useToast()
  const [links, setLinks] = useState(props.links)
  const other = props.side === 'crew' ? 'vendor' : 'crew'

  async function link(otherId: number, otherName: string) {
    try {
      const created = await api<CrewVendorLink>(
        'POST',
        '/api/crew-vendor-links',
        props.side === 'crew'
          ? { crewId: props.id, vendorId: otherId }
          : { crewId: otherId, vendorId: props.id }
      )
      setLinks((current) => [...current, created])
    } catch (error) {
      toast.error(`Could not link ${otherName}: ${errorMessage(error)}`)
    }
  }

  async function unlink(existing: CrewVendorLink) {
    try {
      await api('DELETE', `/api/crew-vendor-links/${existing.id}`)
      setLinks((current) => current.filter((item) => item.id !== existing.id))
    } catch (error) {
      toast.error(`Could not remove the link: ${errorMessage(error)}`)
    }
  }

  const linked = new Set(
    links.map((item) => `${other}:${other === 'crew' ? item.crewId : item.vendorId}`)
  )
  return (
    <section className="sc-section" aria-labelledby="links-heading">
      <h3 id="links-heading">{props.side === 'crew' ? 'Works through' : 'Crew they bring'}</h3>
      {links.length === 0 && (
        <p className="ui-muted">
          {props.side === 'crew' ? 'No vendors linked.' : 'No crew members linked.'}
        </p>
      )}
      {links.length > 0 && (
        <ul className="sc-detail-list">
          {links.map((item) => {
            const otherId = other === 'crew' ? item.crewId : item.vendorId
            const otherName = other === 'crew' ? item.crewName : item.vendorName
            return (
              <li key={item.id} className="sc-detail-row">
                <Link
                  href={`/directory?tab=${other === 'crew' ? 'crew' : 'vendors'}&id=${otherId}`}
                >
                  {otherName}
                </Link>
                {item.notes && <span className="ui-muted">{item.notes}</span>}
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={`Unlink ${otherName}`}
                  onClick={() => unlink(item)}
                >
                  Unlink
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <ResourcePicker
        label={props.side === 'crew' ? 'Link a vendor' : 'Link a crew member'}
        kinds={[other]}
        choices={props.choices}
        excluded={linked}
        onPick={(picked) => void link(picked.id, picked.name)}
      />
    </section>
  )
}
