/* The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  export interface Result {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    connections: number
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    method?: string
    headers?: Record<string, string>
    body?: string
  }
  /** Emitted once a second while running: the responses of that second. */
  interface Instance extends Promise<Result> {
    on(event: 'tick', listener: (counts: { counter: number; bytes: number }) => void): this
  }
  function autocannon(options: Options): Instance
  export default autocannon
}
