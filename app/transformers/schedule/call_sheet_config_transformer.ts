import { BaseTransformer } from '@adonisjs/core/transformers'
import type CallSheetConfig from '#models/schedule/call_sheet_config'
import type { CallSheetSection } from '#services/schedule/production/call_sheet_sections'

/** How a project's call sheets look (GET and PUT /api/projects/:id/call-sheet-config). */
export default class CallSheetConfigTransformer extends BaseTransformer<CallSheetConfig> {
  toObject() {
    const config = this.resource
    return {
      projectId: config.projectId,
      hiddenSections: config.hiddenSections as CallSheetSection[],
      companyName: config.companyName ?? null,
      companyAddress: config.companyAddress ?? null,
      companyPhone: config.companyPhone ?? null,
      companyEmail: config.companyEmail ?? null,
      generalCall: config.generalCall ?? null,
      emergencyInfo: config.emergencyInfo ?? null,
      timezone: config.timezone ?? null,
      publicCrewIds: config.publicCrewIds,
      publicVendorIds: config.publicVendorIds,
    }
  }
}
