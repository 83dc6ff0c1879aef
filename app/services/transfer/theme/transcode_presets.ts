import Setting from '#models/transfer/setting'

/**
 * How background videos are transcoded (POST /api/theme/settings/transcode).
 * Each preset makes an H.264 MP4 (every browser) and a VP9 WebM (smaller,
 * offered first) at two sizes: `large` for wide screens, `small` for phones
 * and slow connections. A source smaller than a size is never enlarged.
 * Frame rate is capped, sound is dropped (a background plays muted).
 */
export type TranscodePreset = {
  label: string
  description: string
  sizes: { name: 'large' | 'small'; width: number; height: number }[]
  maxFps: number
  h264: { preset: string; crf: number }
  vp9: { crf: number; cpuUsed: number; deadline: 'good' | 'realtime' }
}

export const TRANSCODE_PRESETS = {
  fast: {
    label: 'Fast',
    description: '720p and 480p, quickest to process, softer picture',
    sizes: [
      { name: 'large', width: 1280, height: 720 },
      { name: 'small', width: 854, height: 480 },
    ],
    maxFps: 30,
    h264: { preset: 'veryfast', crf: 27 },
    vp9: { crf: 40, cpuUsed: 8, deadline: 'realtime' },
  },
  balanced: {
    label: 'Balanced',
    description: '1080p and 720p at a good quality',
    sizes: [
      { name: 'large', width: 1920, height: 1080 },
      { name: 'small', width: 1280, height: 720 },
    ],
    maxFps: 30,
    h264: { preset: 'faster', crf: 23 },
    vp9: { crf: 36, cpuUsed: 5, deadline: 'good' },
  },
  quality: {
    label: 'Best quality',
    description: '1080p and 720p, sharpest and smallest files, several times slower',
    sizes: [
      { name: 'large', width: 1920, height: 1080 },
      { name: 'small', width: 1280, height: 720 },
    ],
    maxFps: 30,
    h264: { preset: 'slow', crf: 20 },
    vp9: { crf: 32, cpuUsed: 2, deadline: 'good' },
  },
} satisfies Record<string, TranscodePreset>

export type TranscodePresetName = keyof typeof TRANSCODE_PRESETS

export const TRANSCODE_PRESET_NAMES = Object.keys(TRANSCODE_PRESETS) as TranscodePresetName[]

export const DEFAULT_TRANSCODE_PRESET: TranscodePresetName = 'balanced'

const PRESET_SETTING = 'theme_transcode_preset'

/**
 * The preset admins chose, kept in the `settings` table beside the other
 * runtime settings (not among Settings' own keys: it has its own route).
 * A medium is transcoded with the preset current when its job runs.
 */
export class TranscodeSettings {
  async preset(): Promise<TranscodePresetName> {
    const row = await Setting.find(PRESET_SETTING)
    const value = row?.value
    return typeof value === 'string' && value in TRANSCODE_PRESETS
      ? (value as TranscodePresetName)
      : DEFAULT_TRANSCODE_PRESET
  }

  async setPreset(preset: TranscodePresetName, userId: string | null) {
    await Setting.updateOrCreate(
      { key: PRESET_SETTING },
      { value: preset, updatedByUserId: userId }
    )
  }
}
