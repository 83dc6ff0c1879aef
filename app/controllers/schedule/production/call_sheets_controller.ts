import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CallSheets } from '#services/schedule/production/call_sheets'
import { streamExport } from '#services/schedule/exports/export_stream'
import { serializer } from '#services/shared/serialize'
import CallSheetTransformer from '#transformers/schedule/call_sheet_transformer'
import CallSheetConfigTransformer from '#transformers/schedule/call_sheet_config_transformer'
import CallSheetDayOverrideTransformer from '#transformers/schedule/call_sheet_day_override_transformer'
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
    return serializer.serialize(
      CallSheetConfigTransformer.transform(await this.callSheets.config(params.id))
    )
  }

  async updateConfig({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(callSheetConfigValidator)
    const config = await this.callSheets.putConfig(scheduleUser, params.id, fields)
    return serializer.serialize(CallSheetConfigTransformer.transform(config))
  }

  async show({ params, request }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    return serializer.serialize(
      CallSheetTransformer.transform(await this.callSheets.sheet(params.id, day.date))
    )
  }

  async showOverride({ params, request }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    const override = await this.callSheets.override(params.id, day.date)
    return serializer.serialize(CallSheetDayOverrideTransformer.transform(override))
  }

  async updateOverride({ params, request, scheduleUser }: HttpContext) {
    const { params: day, ...fields } = await request.validateUsing(callSheetOverrideValidator)
    const override = await this.callSheets.putOverride(scheduleUser, params.id, day.date, fields)
    return serializer.serialize(CallSheetDayOverrideTransformer.transform(override))
  }

  async pdf({ params, request, response }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    return streamExport(response, await this.callSheets.pdf(params.id, day.date))
  }

  async allPdf({ params, response }: HttpContext) {
    return streamExport(response, await this.callSheets.pdf(params.id))
  }

  async shared({ params, request, response }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    // As the share page: a copy must not outlive a revocation.
    response.header('Cache-Control', 'no-store')
    const sheet = await this.callSheets.shared(String(params.token), day.date)
    return serializer.serialize(CallSheetTransformer.transform(sheet))
  }

  async sharedPdf({ params, request, response }: HttpContext) {
    const { params: day } = await request.validateUsing(callSheetDayValidator)
    response.header('Cache-Control', 'no-store')
    return streamExport(response, await this.callSheets.sharedPdf(String(params.token), day.date))
  }
}
