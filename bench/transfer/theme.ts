/*
 * `npm run bench:transfer:theme`: a background video's processing, and what
 * a video background costs the public upload page, against the production
 * build.
 *
 *   1. builds the project (`node ace build`; `--no-build` reuses build/),
 *   2. makes a 60-second 1080p test video with ffmpeg's own sources
 *      (testsrc2 pictures and a sine tone, x264 ultrafast),
 *   3. starts an embedded PostgreSQL and the built server with the video
 *      waiting in its media library: the startup sweep queues it, a worker
 *      transcodes it with the chosen preset (MP4 and WebM at two sizes, a
 *      poster and a thumbnail), timed from the row's processing start to
 *      its end,
 *   4. opens the upload page in headless Chromium, each time in a fresh
 *      context (an empty cache, as a first visit), alternating a plain page
 *      and the page with the video background: the time from navigation
 *      start until the upload form is in the page (its drop zone rendered),
 *      the load event, and for the video page when the video plays; also
 *      when the page's HTML had arrived (the server's share of it).
 *
 * Options: --no-build, --preset=balanced, --seconds=60, --runs=8.
 */
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir } from 'node:fs/promises'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { transferServerEnv } from './server_env.ts'
import { BenchRun, buildDir, log, root, run } from '../harness.ts'

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'preset': { type: 'string', default: 'balanced' },
    'seconds': { type: 'string', default: '60' },
    'runs': { type: 'string', default: '8' },
  },
})
const RUNS = Number(options.runs)

const bench = new BenchRun()
const workDir = bench.scratch(`${root}storage/bench-theme-${process.pid}`)

/* Set in the page before its scripts run: when the form, the load event and the video happen. */
const WATCH_THE_PAGE = `
  new MutationObserver((_, observer) => {
    if (window.__formAt === undefined && document.querySelector('form .ui-drop-zone')) {
      window.__formAt = performance.now()
    }
    if (window.__videoAt === undefined && document.querySelector('.ui-backdrop video.is-playing')) {
      window.__videoAt = performance.now()
    }
  }).observe(document, { childList: true, subtree: true, attributes: true })
  addEventListener('load', () => (window.__loadAt = performance.now()))
`

function median(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

async function main() {
  await bench.build(Boolean(options['no-build']), {
    APP_ID: 'transfer',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SSO_API_KEY: 'ak_bench',
  })
  await mkdir(workDir, { recursive: true })

  log(`making a ${options.seconds}-second 1080p test video`)
  const source = `${workDir}/testsrc-1080p.mp4`
  await run(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=1920x1080:rate=30:duration=${options.seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${options.seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ],
    workDir,
    process.env
  )

  const databaseUrl = await bench.database('bench_transfer_theme')
  const { baseUrl, driveRoot, env } = await transferServerEnv(databaseUrl, workDir)
  log('migrating')
  await run(process.execPath, ['ace.js', 'migration:run', '--force'], buildDir, env)

  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { rows } = await client.query<{ id: string }>(
    `insert into theme_media (kind, status, original_name, original_key, original_type, original_size)
     values ('video', 'pending', 'testsrc-1080p.mp4', 'pending', 'video/mp4', 0) returning id`
  )
  const id = rows[0].id
  await client.query(`update theme_media set original_key = $1 where id = $2`, [
    `originals/${id}`,
    id,
  ])
  await mkdir(`${driveRoot}/theme-media/originals`, { recursive: true })
  await copyFile(source, `${driveRoot}/theme-media/originals/${id}`)
  await client.query(`insert into settings (key, value) values ('theme_transcode_preset', $1)`, [
    JSON.stringify(options.preset),
  ])

  log(`starting the built server: its sweep queues the video (preset ${options.preset})`)
  const server = bench.start(['bin/server.js'], buildDir, env)
  await bench.waitForHttp(`${baseUrl}/api/bench-probe`, server)
  const deadline = Date.now() + 60 * 60_000
  let lastShown = -1
  let media: {
    status: string
    progress: number
    error: string | null
    seconds: number | null
    renditions: { role: string; format: string; width: number; height: number; size: number }[]
  }
  while (true) {
    const now = await client.query(
      `select status, progress, error, renditions,
              extract(epoch from processed_at - processing_started_at)::float as seconds
         from theme_media where id = $1`,
      [id]
    )
    media = now.rows[0]
    if (media.status === 'ready') break
    if (media.status === 'failed') throw new Error(`the transcode failed: ${media.error}`)
    if (Date.now() > deadline || server.child.exitCode !== null) {
      throw new Error(`the transcode did not finish:\n${server.output()}`)
    }
    if (media.progress >= lastShown + 10) {
      lastShown = media.progress
      log(`transcoding: ${media.progress}%`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }

  const setTheme = (mode: 'plain' | 'video') =>
    client.query(
      `insert into theme_page_settings (page, mode, media_ids, overlay_opacity)
       values ('upload', $1, $2, 35)
       on conflict (page) do update set mode = excluded.mode, media_ids = excluded.media_ids`,
      [mode, mode === 'video' ? [id] : []]
    )

  log(`opening the upload page in Chromium, ${RUNS} times with each background`)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--mute-audio'],
  })
  type Load = { html: number; form: number; load: number; video?: number }
  const loads: Record<'plain' | 'video', Load[]> = {
    plain: [],
    video: [],
  }
  try {
    // One unmeasured visit first: the server's own first answer is not the page's cost.
    for (let index = -1; index < RUNS; index++) {
      for (const mode of ['plain', 'video'] as const) {
        await setTheme(mode)
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
        await context.addInitScript({ content: WATCH_THE_PAGE })
        const page = await context.newPage()
        await page.goto(baseUrl, { waitUntil: 'commit' })
        const waitFor = mode === 'video' ? 'window.__videoAt' : 'window.__loadAt'
        await page.waitForFunction(
          `${waitFor} !== undefined && window.__formAt !== undefined`,
          null,
          {
            timeout: 120_000,
          }
        )
        const timing = await page.evaluate<Load>(
          `({ html: performance.getEntriesByType('navigation')[0].responseEnd,
              form: window.__formAt, load: window.__loadAt, video: window.__videoAt })`
        )
        if (index >= 0) loads[mode].push(timing)
        await context.close()
      }
    }
  } finally {
    await browser.close()
    await client.end()
  }

  const cpu = cpus()
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
  const ms = (values: number[]) =>
    `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`
  const seconds = Number(options.seconds)
  const files = media.renditions
    .filter((entry) => entry.role === 'background')
    .map(
      (entry) =>
        `${entry.format} ${entry.width}×${entry.height} ${(entry.size / 2 ** 20).toFixed(1)} MiB`
    )
    .join(', ')
  console.log(`
Machine: ${machine}

Processing a ${seconds}-second 1080p30 testsrc2 video (preset ${options.preset}): ${media.seconds!.toFixed(1)} s, ${(media.seconds! / seconds).toFixed(2)} × its length
Files: ${files}

Upload page in headless Chromium (1440×900, a fresh context each load, ${RUNS} loads each, interleaved), median (min–max) from navigation start:

| background | page HTML received | upload form in the page | load event | video playing |
|---|---|---|---|---|
| none (plain) | ${ms(loads.plain.map((load) => load.html))} | ${ms(loads.plain.map((load) => load.form))} | ${ms(loads.plain.map((load) => load.load))} | |
| video (poster, then the video) | ${ms(loads.video.map((load) => load.html))} | ${ms(loads.video.map((load) => load.form))} | ${ms(loads.video.map((load) => load.load))} | ${ms(loads.video.map((load) => load.video!))} |
`)
}

try {
  await main()
} finally {
  await bench.close()
}
