import { failed, ok, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { loadPdfFonts } from '#services/schedule/exports/pdf_printer'

/**
 * The fonts every PDF embeds (call sheets, rosters, exports): present, and
 * pdfkit parses them. `folder` is for tests; the app's is the package's.
 */
export function pdfFontsCheck(folder?: string): DoctorCheck {
  return {
    area: 'tools',
    name: 'PDF fonts',
    async run() {
      try {
        const files = loadPdfFonts(folder)
        return ok(`DejaVu Sans loads in pdfkit (${files.join(', ')})`)
      } catch (error) {
        return failed(
          `the PDF fonts do not load: ${(error as Error).message}`,
          'npm ci (the dejavu-fonts-ttf package holds them)'
        )
      }
    },
  }
}
