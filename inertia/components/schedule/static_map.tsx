import { useEffect, useState } from 'react'
import { mapsFeatures } from '~/components/schedule/maps_features'

/** The picture's size in CSS pixels (the server's default, drawn at twice that for sharp screens). */
const WIDTH = 600
const HEIGHT = 300

/**
 * A location's map picture, served by the app (GET
 * /api/locations/:id/static-map) so the Maps key stays on the server. If
 * it cannot be had (Google busy, quota used up) it steps aside: the map
 * link beside it still works.
 */
export function StaticMapImage(props: { src: string; name: string }) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return null
  }
  return (
    <img
      className="ui-static-map"
      src={props.src}
      alt={`Map of the area around ${props.name}, with a pin on it`}
      width={WIDTH}
      height={HEIGHT}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  )
}

/** A directory location's map picture, when it has coordinates and the server draws maps. */
export function LocationStaticMap(props: {
  id: number
  name: string
  lat: number | null
  lng: number | null
}) {
  const [on, setOn] = useState(false)
  useEffect(() => {
    let live = true
    void mapsFeatures().then((features) => live && setOn(features.staticMap))
    return () => {
      live = false
    }
  }, [])
  if (!on || typeof props.lat !== 'number' || typeof props.lng !== 'number') {
    return null
  }
  // The coordinates make a moved location a new address for the browser's cache.
  const src = `/api/locations/${props.id}/static-map?${new URLSearchParams({ at: `${props.lat},${props.lng}` })}`
  return <StaticMapImage key={src} src={src} name={props.name} />
}
