/**
 * "Open in Google Maps" for a place: by its coordinates when known (exact),
 * else by its address. Nothing when there is neither. Google's public Maps
 * URL needs no key.
 */
export function mapUrl(place: {
  address?: string | null
  lat?: number | null
  lng?: number | null
}) {
  const query =
    typeof place.lat === 'number' && typeof place.lng === 'number'
      ? `${place.lat},${place.lng}`
      : place.address?.trim()
  return query
    ? `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query })}`
    : null
}

export function MapLink(props: {
  name: string
  address?: string | null
  lat?: number | null
  lng?: number | null
}) {
  const url = mapUrl(props)
  if (!url) return null
  return (
    <a href={url} target="_blank" rel="noreferrer noopener">
      {props.name} on the map
    </a>
  )
}
