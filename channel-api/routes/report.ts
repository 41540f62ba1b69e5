import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { operatorReport } from '../services/report.ts';

/* The operator's report (contract/report.ts, services/report.ts). */
export function reportRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.operatorReport, async (ctx) => ({ data: await operatorReport(deps, ctx, ctx.params) }));
}
