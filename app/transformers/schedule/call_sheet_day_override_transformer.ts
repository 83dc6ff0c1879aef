import { BaseTransformer } from '@adonisjs/core/transformers'
import type CallSheetDayOverride from '#models/schedule/call_sheet_day_override'

/** What one day's call sheet says instead of the project's defaults (…/call-sheets/:date/override). */
export default class CallSheetDayOverrideTransformer extends BaseTransformer<CallSheetDayOverride> {
  toObject() {
    const override = this.resource
    return {
      projectId: override.projectId,
      date: override.date,
      generalCall: override.generalCall ?? null,
      locationId: override.locationId ?? null,
      notes: override.notes ?? null,
      weatherNote: override.weatherNote ?? null,
      parking: override.parking ?? null,
      nearestHospital: override.nearestHospital ?? null,
      safetyNotes: override.safetyNotes ?? null,
      crewCalls: override.crewCalls,
    }
  }
}
