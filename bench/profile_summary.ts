/*
 * `node bench/profile_summary.ts <file.cpuprofile> [count]`: where a process
 * spent its time, from the profile `node --cpu-prof` writes (the benches'
 * --cpu-prof option). Prints the functions with the most self time, and the
 * packages (node_modules folder, node's own code, the app) they belong to.
 */
import { readFileSync } from 'node:fs'

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const [file, count = '25'] = process.argv.slice(2)
if (!file) {
  throw new Error('usage: node bench/profile_summary.ts <file.cpuprofile> [count]')
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))

/** Microseconds of self time per node id. */
const selfTime = new Map<number, number>()
profile.samples.forEach((id, index) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0))
})
const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0)

function packageOf(url: string) {
  if (!url) return '(native or idle)'
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (match) return match[1]
  if (url.startsWith('node:')) return 'node'
  return 'app'
}

const functions = new Map<string, number>()
const packages = new Map<string, number>()
for (const [id, time] of selfTime) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  const where = url
    ? `${url.replace(/^file:\/\/.*?(node_modules|build)\//, '$1/')}:${lineNumber + 1}`
    : ''
  const name = `${functionName || '(anonymous)'} ${where}`.trim()
  functions.set(name, (functions.get(name) ?? 0) + time)
  packages.set(packageOf(url), (packages.get(packageOf(url)) ?? 0) + time)
}

const percent = (value: number) => `${((value / total) * 100).toFixed(1).padStart(5)} %`
const top = (map: Map<string, number>, limit: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)

console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nby package:`)
for (const [name, time] of top(packages, 15)) console.log(`${percent(time)}  ${name}`)
console.log(`\nby function (self time):`)
for (const [name, time] of top(functions, Number(count))) console.log(`${percent(time)}  ${name}`)
