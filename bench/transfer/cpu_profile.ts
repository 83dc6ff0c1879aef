/*
 * Reading a V8 CPU profile (`node --cpu-prof`) by phase: the bench notes when
 * each phase starts and ends on the monotonic clock, which is the clock V8
 * stamps its samples with, so one profile of the whole run splits into the
 * upload, the downloads and the soak.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

type CpuProfile = {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Microseconds on the monotonic clock, as V8 stamps profile samples. */
export function monotonicMicros() {
  return Number(process.hrtime.bigint() / 1000n)
}

export type Phase = { name: string; start: number; end: number }

/**
 * The main thread's profile in `directory`. Worker threads (the logger's
 * transport) write theirs beside it; the main thread's is the one with the
 * most samples outside "(idle)".
 */
export async function readMainThreadProfile(directory: string) {
  const entries = await readdir(directory)
  const names = entries.filter((name) => name.endsWith('.cpuprofile'))
  let busiest: { profile: CpuProfile; busy: number } | undefined
  for (const name of names) {
    const profile = JSON.parse(await readFile(join(directory, name), 'utf8')) as CpuProfile
    const idle = new Set(
      profile.nodes
        .filter((node) => node.callFrame.functionName === '(idle)')
        .map((node) => node.id)
    )
    const busy = profile.samples.filter((sample) => !idle.has(sample)).length
    if (!busiest || busy > busiest.busy) {
      busiest = { profile, busy }
    }
  }
  if (!busiest) {
    throw new Error(`no .cpuprofile in ${directory}`)
  }
  return busiest.profile
}

/** Where a function comes from, short: the package, or the file under the project. */
function origin(url: string) {
  if (!url) {
    return ''
  }
  const modules = url.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/')
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
  }
  if (url.startsWith('node:')) {
    return url
  }
  const build = url.indexOf('/build/')
  return build >= 0 ? url.slice(build + '/build/'.length) : url.split('/').slice(-2).join('/')
}

/**
 * Self time per function within each phase, as a markdown table per phase:
 * the top `limit` functions, plus the share spent outside JavaScript
 * ("(program)": native code such as the kernel calls and OpenSSL; "(idle)").
 */
export function summarize(profile: CpuProfile, phases: Phase[], limit = 12) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const lines: string[] = []
  for (const phase of phases) {
    const self = new Map<string, number>()
    let total = 0
    let time = profile.startTime
    for (const [index, sample] of profile.samples.entries()) {
      time += profile.timeDeltas[index]
      if (time < phase.start || time > phase.end) {
        continue
      }
      const frame = byId.get(sample)!.callFrame
      const key = `${frame.functionName || '(anonymous)'} · ${origin(frame.url)}`
      const delta = profile.timeDeltas[index + 1] ?? 0
      self.set(key, (self.get(key) ?? 0) + delta)
      total += delta
    }
    const wall = (phase.end - phase.start) / 1e6
    lines.push(
      '',
      `${phase.name}: ${wall.toFixed(1)} s wall, ${(total / 1e6).toFixed(1)} s sampled`,
      '',
      '| function · where | self time | share |',
      '|---|---|---|'
    )
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit)
    for (const [key, micros] of top) {
      const share = total > 0 ? ((micros / total) * 100).toFixed(1) : '0'
      lines.push(`| ${key} | ${(micros / 1e6).toFixed(2)} s | ${share} % |`)
    }
  }
  return lines.join('\n')
}
