import app from '@adonisjs/core/services/app'
import { failed, ok, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { Ffmpeg } from '#services/transfer/theme/ffmpeg'

/**
 * ffmpeg and ffprobe, which the page themes' video transcoding runs: each
 * starts and says its version. Checked through the app's own Ffmpeg, so
 * FFMPEG_PATH and FFPROBE_PATH (or PATH) count as they do for a transcode.
 */
export function mediaToolsChecks(): DoctorCheck[] {
  return (['ffmpeg', 'ffprobe'] as const).map((tool) => ({
    area: 'tools',
    name: tool,
    async run() {
      const ffmpeg = await app.container.make(Ffmpeg)
      const path = tool === 'ffmpeg' ? ffmpeg.ffmpegPath : ffmpeg.ffprobePath
      const version = await ffmpeg.version(tool)
      if ('problem' in version) {
        return failed(
          `${path} ${version.problem}: theme videos cannot be transcoded`,
          `apt-get install ffmpeg (or set ${tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'} to the program)`
        )
      }
      return ok(`${path}: ${version.version}`)
    },
  }))
}
