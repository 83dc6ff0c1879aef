/*
 * Pure arithmetic of a production day: clock times, overlaps, and where the
 * day grid draws each activity. No database here, so unit tests reach it.
 */

/** 'HH:MM' as minutes after midnight. */
export function minutesOf(time: string) {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** Minutes after midnight as 'HH:MM'. */
export function clockOf(minutes: number) {
  const hours = Math.floor(minutes / 60)
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

export type TimedItem = { id: number; startTime: string; endTime: string | null }

/**
 * Whether two activities share some time. A milestone is a moment: it
 * overlaps an activity running across it, never another milestone.
 */
export function overlaps(a: TimedItem, b: TimedItem) {
  const aStart = minutesOf(a.startTime)
  const bStart = minutesOf(b.startTime)
  if (a.endTime === null && b.endTime === null) return false
  if (a.endTime === null) return aStart >= bStart && aStart < minutesOf(b.endTime!)
  if (b.endTime === null) return bStart >= aStart && bStart < minutesOf(a.endTime)
  return aStart < minutesOf(b.endTime) && bStart < minutesOf(a.endTime)
}

export type Placement = { lane: number; lanes: number }

/**
 * Side-by-side lanes for the activities of one grid column (the way calendar
 * apps lay out overlapping events): each activity takes the first lane free
 * at its start, and every activity of a cluster of overlapping ones shares
 * the cluster's lane count, so their widths match.
 */
export function placeSideBySide(items: TimedItem[]): Map<number, Placement> {
  // A milestone is drawn as a thin band: give it a quarter hour for layout.
  const span = (item: TimedItem) => ({
    id: item.id,
    start: minutesOf(item.startTime),
    end: item.endTime === null ? minutesOf(item.startTime) + 15 : minutesOf(item.endTime),
  })
  const sorted = items.map(span).sort((a, b) => a.start - b.start || b.end - a.end || a.id - b.id)
  const placements = new Map<number, Placement>()
  let cluster: { id: number; lane: number }[] = []
  let laneEnds: number[] = []
  let clusterEnd = -1
  const closeCluster = () => {
    for (const member of cluster) {
      placements.set(member.id, { lane: member.lane, lanes: laneEnds.length })
    }
    cluster = []
    laneEnds = []
  }
  for (const item of sorted) {
    if (item.start >= clusterEnd) {
      closeCluster()
    }
    let lane = laneEnds.findIndex((end) => end <= item.start)
    if (lane === -1) {
      lane = laneEnds.length
      laneEnds.push(item.end)
    } else {
      laneEnds[lane] = item.end
    }
    cluster.push({ id: item.id, lane })
    clusterEnd = Math.max(clusterEnd, item.end)
  }
  closeCluster()
  return placements
}
