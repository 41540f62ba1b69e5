import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { answerCustomForm, customForm } from '../services/custom-forms.ts';

/** The channel's custom forms (spec section 7): one with the fan's answers, and answering it. */
export function customFormRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.customForm, async (ctx) => ({ data: await customForm(deps, ctx, ctx.params.alias) }));
  mount(router, deps, api.answerCustomForm, async (ctx) => ({ data: await answerCustomForm(deps, ctx, ctx.params) }));
}
