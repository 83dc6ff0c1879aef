/** The parts of a call sheet, in print order; the configuration may leave any out. */
export const CALL_SHEET_SECTIONS = [
  'company',
  'locations',
  'sun',
  'schedule',
  'crew',
  'vendors',
  'contacts',
  'notes',
  'safety',
] as const
export type CallSheetSection = (typeof CALL_SHEET_SECTIONS)[number]
