import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CallSheets } from '#services/schedule/production/call_sheets'
import { streamExport } from '#services/schedule/exports/export_stream'
import {
  callSheetConfigValidator,
  callSheetDayValidator,
  callSheetOverrideValidator,
} from '#validators/schedule/activity_validators'

/**
 * Call sheets (spec 3, call_sheet_config and call_sheet_day_overrides):
 * /api/projects/:id/call-sheet-config, /api/projects/:id/call-sheets[/:date]
 * and a project share link's /api/share/:token/call-sheets/:date.
 */
@inject()
export default class CallSheetsController {
  constructor(protected callSheets: CallSheets) {}

  async showConfig({ params }: HttpContext) {
    return this.configBody(await this.callSheets.config(params.id))
  }

  async updateConfig({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(callSheetConfigValidator)
    return this.configBody(await this.callSheets.putConfig(scheduleUser, params.id, fields))
  }

  async show({ params, request }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    return this.callSheets.sheet(params.id, day.date)
  }

  async showOverride({ params, request }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    return this.overrideBody(await this.callSheets.override(params.id, day.date))
  }

  async updateOverride({ params, request, scheduleUser }: HttpContext) {
    const { params: day, ...fields } = await request.validateUsing(callSheetOverrideValidator)
    const override = await this.callSheets.putOverride(scheduleUser, params.id, day.date, fields)
    return this.overrideBody(override)
  }

  async pdf({ params, request, response }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    streamExport(response, await this.callSheets.pdf(params.id, day.date))
  }

  async allPdf({ params, response }: HttpContext) {
    streamExport(response, await this.callSheets.pdf(params.id))
  }

  async shared({ params, request, response }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    // As the share page: a copy must not outlive a revocation.
    response.header('Cache-Control', 'no-store')
    return this.callSheets.shared(String(params.token), day.date)
  }

  async sharedPdf({ params, request, response }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    response.header('Cache-Control', 'no-store')
    streamExport(response, await this.callSheets.sharedPdf(String(params.token), day.date))
  }

  protected configBody(config: Awaited<ReturnType<CallSheets['config']>>) {
    return {
      projectId: config.projectId,
      hiddenSections: config.hiddenSections,
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

  protected overrideBody(override: Awaited<ReturnType<CallSheets['override']>>) {
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
