import * as manifest from '../../../generated/hub/reports.operations.js';
import type { operations } from '../../../generated/hub/reports.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { monthlyReport, monthlySummary } from './monthly.js';

export const reports = defineApi<operations, typeof manifest.operations, HubContextOf<'energy'>>(manifest, {
  getMonthlyReportSummary: (_args, { hub }) => monthlySummary(hub),
  getMonthlyReport: ({ id }, { hub }) => monthlyReport(hub, id),
});
