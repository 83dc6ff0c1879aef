/*
 * CPU time spent by the benchmark's own child processes (the built server,
 * PostgreSQL's processes, Chromium's), read from /proc. On a shared machine
 * wall-clock figures grow with everyone else's load; the CPU a request or a
 * page load costs does not, so the two side by side tell the work from the
 * waiting. Linux only: elsewhere every figure is 0.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICK_MS = 10

type Sample = Map<string, number>

/** The group a process counts under, from its command name. */
function groupOf(command: string) {
  if (command.startsWith('postgres')) return 'postgres'
  if (/chrom/i.test(command)) return 'chromium'
  if (command === 'node' || command.startsWith('MainThread')) return 'server'
  return 'other'
}

/**
 * CPU milliseconds so far of every living descendant of this process, by
 * group. A process that ended between two samples takes its time with it:
 * sample around work whose processes outlive it.
 */
export function childrenCpu(): Sample {
  const processes: { pid: number; parent: number; command: string; ms: number }[] = []
  let entries: string[] = []
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return new Map()
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      processes.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        command,
        ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      })
    } catch {
      // Gone while we looked.
    }
  }
  const children = new Map<number, typeof processes>()
  for (const each of processes) {
    children.set(each.parent, [...(children.get(each.parent) ?? []), each])
  }
  const totals: Sample = new Map()
  const queue = [...(children.get(process.pid) ?? [])]
  while (queue.length > 0) {
    const each = queue.pop()!
    const group = groupOf(each.command)
    totals.set(group, (totals.get(group) ?? 0) + each.ms)
    queue.push(...(children.get(each.pid) ?? []))
  }
  return totals
}

/** What each group spent between two samples. */
export function cpuSince(before: Sample, after: Sample = childrenCpu()) {
  const spent = (group: string) => (after.get(group) ?? 0) - (before.get(group) ?? 0)
  return { server: spent('server'), postgres: spent('postgres'), chromium: spent('chromium') }
}
