import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { TranscodePreset } from '#services/transfer/theme/transcode_presets'

/** ffmpeg or ffprobe refused a file: `message` is its own reason (the last lines it wrote). */
export class MediaRejected extends Error {}

export type VideoProbe = {
  width: number
  height: number
  durationSeconds: number
  /** Frames per second of the video stream (0 when the container does not say). */
  fps: number
  container: string
}

export type TranscodeOutput = {
  size: 'large' | 'small'
  format: 'mp4' | 'webm'
  path: string
}

/** What a run wrote on stderr, trimmed to the part that says why it failed. */
function reasonFrom(stderr: string, fallback: string) {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const reason = lines.slice(-3).join(' ').slice(0, 500)
  return reason || fallback
}

/**
 * Debian's ffmpeg and ffprobe, spawned directly (fluent-ffmpeg is archived):
 * `-nostdin` so a run never waits on a terminal, `-progress pipe:1` so the
 * transcode reports how far it is as key=value lines on stdout.
 */
export class Ffmpeg {
  #available?: Promise<boolean>

  constructor(
    readonly ffmpegPath = 'ffmpeg',
    readonly ffprobePath = 'ffprobe'
  ) {}

  /** Both programs start; checked once per process. */
  available() {
    this.#available ??= Promise.all([
      this.#run(this.ffmpegPath, ['-hide_banner', '-version']),
      this.#run(this.ffprobePath, ['-hide_banner', '-version']),
    ]).then(
      ([ffmpeg, ffprobe]) => ffmpeg.code === 0 && ffprobe.code === 0,
      () => false
    )
    return this.#available
  }

  /**
   * The first line `-version` prints ("ffmpeg version 5.1.6-0+deb12u1 …"), or
   * why the program did not run (`node ace doctor`).
   */
  async version(tool: 'ffmpeg' | 'ffprobe'): Promise<{ version: string } | { problem: string }> {
    const path = tool === 'ffmpeg' ? this.ffmpegPath : this.ffprobePath
    try {
      const { code, stdout, stderr } = await this.#run(path, ['-hide_banner', '-version'])
      if (code !== 0) {
        return { problem: `exited with ${code}: ${reasonFrom(stderr, 'no message')}` }
      }
      return {
        version: stdout
          .split('\n')[0]
          .replace(/\s+Copyright.*$/, '')
          .trim(),
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      return { problem: code === 'ENOENT' ? 'was not found' : `did not start (${code ?? error})` }
    }
  }

  async probe(path: string): Promise<VideoProbe> {
    const { code, stdout, stderr } = await this.#run(this.ffprobePath, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ])
    if (code !== 0) {
      throw new MediaRejected(reasonFrom(stderr, 'ffprobe could not read the file'))
    }
    const info = JSON.parse(stdout) as {
      format?: { duration?: string; format_name?: string }
      streams?: {
        codec_type?: string
        width?: number
        height?: number
        duration?: string
        avg_frame_rate?: string
        r_frame_rate?: string
      }[]
    }
    const video = info.streams?.find((stream) => stream.codec_type === 'video')
    if (!video?.width || !video.height) {
      throw new MediaRejected('The file holds no video stream')
    }
    const durationSeconds = Number(info.format?.duration ?? video.duration ?? 0)
    if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
      throw new MediaRejected('The video has no duration (a still image, or a damaged file)')
    }
    return {
      width: video.width,
      height: video.height,
      durationSeconds,
      fps: frameRate(video.avg_frame_rate) || frameRate(video.r_frame_rate),
      container: info.format?.format_name ?? '',
    }
  }

  /**
   * One decode, four encodes: the video is scaled to the preset's two sizes
   * and each is written as H.264 MP4 and VP9 WebM, muted. `onProgress` gets
   * the share done (0–1) as ffmpeg reports it.
   */
  async transcode(
    input: string,
    probe: VideoProbe,
    preset: TranscodePreset,
    outputs: TranscodeOutput[],
    options: { onProgress: (done: number) => void; signal?: AbortSignal }
  ) {
    const fps = Math.min(preset.maxFps, probe.fps || preset.maxFps)
    // One branch per size asked for, split again per format of that size.
    const sizes = preset.sizes.filter((size) => outputs.some((output) => output.size === size.name))
    const formatsOf = (name: string) =>
      outputs.filter((output) => output.size === name).map((output) => `[${name}_${output.format}]`)
    const graph = [
      `[0:v]fps=${fps},split=${sizes.length}${sizes.map((size) => `[${size.name}]`).join('')}`,
      ...sizes.map(
        (size) =>
          `[${size.name}]scale=w='min(iw,${size.width})':h='min(ih,${size.height})'` +
          `:force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuv420p,` +
          `split=${formatsOf(size.name).length}${formatsOf(size.name).join('')}`
      ),
    ].join(';')
    const args = ['-nostdin', '-hide_banner', '-v', 'error', '-y', '-i', input]
    args.push('-filter_complex', graph, '-progress', 'pipe:1', '-nostats')
    for (const output of outputs) {
      args.push('-map', `[${output.size}_${output.format}]`, '-an', '-sn', '-dn')
      args.push('-map_metadata', '-1')
      if (output.format === 'mp4') {
        args.push('-c:v', 'libx264', '-preset', preset.h264.preset, '-crf', String(preset.h264.crf))
        args.push('-profile:v', 'high', '-movflags', '+faststart')
      } else {
        args.push('-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', String(preset.vp9.crf))
        args.push('-deadline', preset.vp9.deadline, '-cpu-used', String(preset.vp9.cpuUsed))
        args.push('-row-mt', '1')
      }
      args.push(output.path)
    }

    const child = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const stop = () => child.kill('SIGKILL')
    options.signal?.addEventListener('abort', stop, { once: true })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Only the end says why it failed.
      stderr = (stderr + chunk).slice(-8000)
    })
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => {
      const [key, value] = line.split('=')
      if (key === 'out_time_us' && /^\d+$/.test(value)) {
        options.onProgress(Math.min(Number(value) / 1e6 / probe.durationSeconds, 1))
      }
    })
    try {
      const code = await new Promise<number | null>((resolve, reject) => {
        child.once('error', reject)
        child.once('close', resolve)
      })
      options.signal?.throwIfAborted()
      if (code !== 0) {
        throw new MediaRejected(reasonFrom(stderr, `ffmpeg stopped with code ${code}`))
      }
    } finally {
      options.signal?.removeEventListener('abort', stop)
    }
  }

  /** One frame as a PNG: the poster, taken a little way in (the first frame is often black). */
  async frame(input: string, probe: VideoProbe, output: string) {
    const at = Math.min(1, probe.durationSeconds / 4)
    const { code, stderr } = await this.#run(this.ffmpegPath, [
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-ss',
      at.toFixed(3),
      '-i',
      input,
      '-frames:v',
      '1',
      output,
    ])
    if (code !== 0) {
      throw new MediaRejected(reasonFrom(stderr, 'ffmpeg could not take a frame'))
    }
  }

  #run(command: string, args: string[]) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
        let stdout = ''
        let stderr = ''
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
        child.once('error', reject)
        child.once('close', (code) => resolve({ code, stdout, stderr }))
      }
    )
  }
}

/** "30000/1001" → 29.97; "0/0" → 0. */
function frameRate(value: string | undefined) {
  const [numerator, denominator] = (value ?? '').split('/').map(Number)
  return numerator > 0 && denominator > 0 ? numerator / denominator : 0
}
