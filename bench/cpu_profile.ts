/*
 * Reading a V8 CPU profile taken through Chromium's DevTools protocol
 * (Profiler.start/stop): where a page's main thread spent its samples.
 */

export type CallFrame = {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame }[]
  samples: number[]
  timeDeltas: number[]
}

/** The file name of a script URL, for tables. */
export function fileOf(url: string) {
  if (!url) return '(no script)'
  try {
    return new URL(url).pathname.split('/').pop() || url
  } catch {
    return url
  }
}

/** Milliseconds of samples per key, largest first. */
export function tally(profile: CpuProfile, keyOf: (frame: CallFrame) => string) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const totals = new Map<string, number>()
  for (const [index, nodeId] of profile.samples.entries()) {
    const key = keyOf(byNode.get(nodeId)!)
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000)
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1])
}

/** Self time by script, and by function (with file and position); the profiler's own entries as they are. */
export function selfTimes(profile: CpuProfile) {
  const special = (frame: CallFrame) =>
    frame.functionName.startsWith('(') ? frame.functionName : null
  return {
    byScript: tally(profile, (frame) => special(frame) ?? fileOf(frame.url)),
    byFunction: tally(
      profile,
      (frame) =>
        special(frame) ??
        `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
    ),
  }
}
